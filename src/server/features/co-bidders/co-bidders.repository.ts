import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidderGroups, coBidders } from '../../db/co-bidder-schema';
import { liveBidsOf } from '../../db/live-bids';
import { bidRounds, properties, users } from '../../db/schema';

// The bidder groups' rows (decision 065): queries only. Every change is made under the round's lock, which
// the service takes first.

export type CoBidderRow = typeof coBidders.$inferSelect;

/** A live account by its address, compared case-insensitively, or null. */
export async function findPersonByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return row ?? null;
}

export async function findInvitation(db: DbOrTx, id: string): Promise<CoBidderRow | null> {
  const [row] = await db.select().from(coBidders).where(eq(coBidders.id, id));
  return row ?? null;
}

/** Every place of a group, in the order they were made. */
export function findPlaces(db: DbOrTx, groupId: string) {
  return placesWithNames(db, eq(coBidders.groupId, groupId));
}

/** Every place of every group of a round, for the owner and admins. */
export function findPlacesOfRound(db: DbOrTx, roundId: string) {
  return placesWithNames(db, eq(coBidders.bidRoundId, roundId));
}

function placesWithNames(db: DbOrTx, where: SQL) {
  return (
    db
      .select({
        id: coBidders.id,
        groupId: coBidders.groupId,
        email: coBidders.email,
        userId: coBidders.userId,
        invitedBy: coBidders.invitedBy,
        state: coBidders.state,
        invitedAt: coBidders.invitedAt,
        answeredAt: coBidders.answeredAt,
        leftAt: coBidders.leftAt,
        firstName: users.firstName,
        lastName: users.lastName,
        accountEmail: users.email,
        phone: users.phone,
      })
      .from(coBidders)
      .leftJoin(users, eq(users.id, coBidders.userId))
      .where(where)
      // The one who made the group first: their place is made in the same instant as the first invitation.
      .orderBy(
        asc(coBidders.invitedAt),
        sql`${coBidders.userId} is not distinct from ${coBidders.invitedBy} desc`,
        asc(coBidders.id),
      )
  );
}

/** The groups of a round the user has a place in, or has had, or is invited to by address. */
export async function findGroupIdsOf(db: DbOrTx, roundId: string, userId: string, email: string) {
  const rows = await db
    .selectDistinct({ groupId: coBidders.groupId })
    .from(coBidders)
    .where(
      and(
        eq(coBidders.bidRoundId, roundId),
        sql`(${coBidders.userId} = ${userId} or lower(${coBidders.email}) = lower(${email}))`,
      ),
    );
  return rows.map((r) => r.groupId);
}

/** Whether the user is an accepted member of a group of the round other than `groupId`. */
export async function isInAnotherGroup(db: DbOrTx, roundId: string, userId: string, groupId: string | null) {
  const rows = await db
    .select({ id: coBidders.id })
    .from(coBidders)
    .where(
      and(
        eq(coBidders.bidRoundId, roundId),
        eq(coBidders.userId, userId),
        eq(coBidders.state, 'accepted'),
        groupId ? sql`${coBidders.groupId} <> ${groupId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the user has a live bid of their own in the round at `now`: one they placed for themself alone. */
export async function hasOwnLiveBid(db: DbOrTx, roundId: string, userId: string, now: Date) {
  const result = await db.execute(
    sql`select exists (select 1 ${liveBidsOf(roundId, sql`${now.toISOString()}::timestamptz`)}
      and b.user_id = ${userId} and cardinality(b.co_bidder_ids) = 0) as own`,
  );
  return Boolean((result as unknown as { rows: { own: boolean }[] }).rows[0]?.own);
}

export async function insertGroup(db: DbOrTx, roundId: string, principalId: string, at: Date) {
  const [row] = await db
    .insert(bidderGroups)
    .values({ bidRoundId: roundId, principalId, createdAt: at })
    .returning({ id: bidderGroups.id });
  if (!row) throw new Error('insert into bidder_groups returned no row');
  return row.id;
}

export async function insertPlace(db: DbOrTx, place: typeof coBidders.$inferInsert): Promise<string> {
  const [row] = await db.insert(coBidders).values(place).returning({ id: coBidders.id });
  if (!row) throw new Error('insert into co_bidders returned no row');
  return row.id;
}

/** Moves a place from one state to the next, once; false if it was no longer in `from`. */
export async function movePlace(
  db: DbOrTx,
  id: string,
  from: string,
  to: Partial<Pick<CoBidderRow, 'state' | 'userId' | 'answeredAt' | 'leftAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(coBidders)
    .set(to)
    .where(and(eq(coBidders.id, id), eq(coBidders.state, from)))
    .returning({ id: coBidders.id });
  return rows.length > 0;
}

/** A change of members: the version grows, so that a bid formed for the old members is not placed. */
export async function bumpGroup(db: DbOrTx, groupId: string, principalId?: string) {
  await db
    .update(bidderGroups)
    .set({ version: sql`${bidderGroups.version} + 1`, ...(principalId ? { principalId } : {}) })
    .where(eq(bidderGroups.id, groupId));
}

export async function findGroup(db: DbOrTx, groupId: string) {
  const [row] = await db.select().from(bidderGroups).where(eq(bidderGroups.id, groupId));
  return row ?? null;
}

/** What the list of a round's groups needs of the round, or null for an unknown one. */
export async function findRoundState(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({ ownerId: properties.ownerId, isClosed: bidRounds.isClosed, deadline: bidRounds.deadline })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

/**
 * A deleted account's places lose the address they were invited by, and an invitation still open to it
 * lapses: the address is personal data, and no one is left to answer (decision 065).
 */
export async function forgetAddressOf(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db
    .update(coBidders)
    .set({
      email: sql`'slettet-' || ${coBidders.id}::text`,
      state: sql`case when ${coBidders.state} = 'invited' then 'lapsed' else ${coBidders.state} end`,
    })
    .where(sql`${coBidders.userId} = ${userId} or lower(${coBidders.email}) = lower(${email})`);
}

/** A group's invitations still open lapse: its last member left. */
export async function lapseOpenInvitations(db: DbOrTx, groupId: string, at: Date): Promise<void> {
  await db
    .update(coBidders)
    .set({ state: 'lapsed', answeredAt: at })
    .where(and(eq(coBidders.groupId, groupId), eq(coBidders.state, 'invited')));
}
