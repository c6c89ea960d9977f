import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roundViewings, viewingSignups } from '../../db/listing-schema';
import { sentNotices } from '../../db/notice-schema';
import { bidRounds, properties, users } from '../../db/schema';

/** What the effective shortest acceptance deadline is worked out from: the seller's own, and the last viewing's end. */
export async function findDeadlineInputs(tx: DbOrTx, roundId: string) {
  // Two plain reads: in a correlated subquery drizzle leaves the columns unqualified on a one-table select,
  // and "id" then names the viewing's own id, never the round's.
  const [round] = await tx
    .select({ seller: bidRounds.sellerMinimumBidDeadline, current: bidRounds.minimumBidDeadline })
    .from(bidRounds)
    .where(eq(bidRounds.id, roundId));
  if (!round) return null;
  const [last] = await tx
    .select({ endsAt: max(roundViewings.endsAt) })
    .from(roundViewings)
    .where(eq(roundViewings.bidRoundId, roundId));
  return {
    seller: round.seller,
    current: round.current,
    lastViewingEnd: last?.endsAt ? new Date(last.endsAt) : null,
  };
}

export async function setMinimumBidDeadline(
  tx: DbOrTx,
  roundId: string,
  minimumBidDeadline: Date | null,
  reason: string | null,
): Promise<void> {
  await tx
    .update(bidRounds)
    .set({ minimumBidDeadline, minimumBidDeadlineReason: reason })
    .where(eq(bidRounds.id, roundId));
}

const viewingColumns = {
  id: roundViewings.id,
  startsAt: roundViewings.startsAt,
  endsAt: roundViewings.endsAt,
  note: roundViewings.note,
};
export type StoredViewing = { id: string; startsAt: Date; endsAt: Date; note: string | null };

export async function insertViewing(
  tx: DbOrTx,
  row: { bidRoundId: string; startsAt: Date; endsAt: Date; note: string | null },
): Promise<StoredViewing> {
  const [created] = await tx.insert(roundViewings).values(row).returning(viewingColumns);
  if (!created) throw new Error('insert into round_viewings returned no row');
  return created;
}

/** One viewing of this round: a viewing id of another round is not found. */
export async function findViewing(db: DbOrTx, roundId: string, viewingId: string) {
  const [row] = await db
    .select(viewingColumns)
    .from(roundViewings)
    .where(and(eq(roundViewings.id, viewingId), eq(roundViewings.bidRoundId, roundId)));
  return row ?? null;
}

/** Removes a viewing; its list goes with it (ON DELETE CASCADE). */
export async function deleteViewing(tx: DbOrTx, viewingId: string): Promise<void> {
  await tx.delete(roundViewings).where(eq(roundViewings.id, viewingId));
}

/** The round's facts a calendar entry and the after-viewing mail name. */
export async function findRoundListing(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      id: bidRounds.id,
      title: properties.title,
      address: properties.address,
      ownerId: properties.ownerId,
      isClosed: bidRounds.isClosed,
      deadline: bidRounds.deadline,
      hasProspectus: sql<boolean>`${properties.prospectusKey} is not null`,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

/** Signs up; signing up twice keeps the first time. */
/** Whether the person was not on the list before. */
export async function insertSignup(tx: DbOrTx, viewingId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(viewingSignups)
    .values({ viewingId, userId })
    .onConflictDoNothing()
    .returning({ viewingId: viewingSignups.viewingId });
  return rows.length > 0;
}

export async function deleteSignup(tx: DbOrTx, viewingId: string, userId: string): Promise<void> {
  await tx
    .delete(viewingSignups)
    .where(and(eq(viewingSignups.viewingId, viewingId), eq(viewingSignups.userId, userId)));
}

/** With a deleted account: every viewing list it was on. */
export async function deleteSignupsOfUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(viewingSignups).where(eq(viewingSignups.userId, userId));
}

/** The viewings of the round this user is on the list of. */
export async function findSignedUpViewingIds(db: DbOrTx, roundId: string, userId: string) {
  const rows = await db
    .select({ id: roundViewings.id })
    .from(viewingSignups)
    .innerJoin(roundViewings, eq(roundViewings.id, viewingSignups.viewingId))
    .where(and(eq(roundViewings.bidRoundId, roundId), eq(viewingSignups.userId, userId)))
    .orderBy(asc(roundViewings.startsAt));
  return rows.map((r) => r.id);
}

/** A viewing's list, first signed up first. A deleted (scrubbed) account is left out. */
export async function findSignups(db: DbOrTx, viewingId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      signedUpAt: viewingSignups.createdAt,
    })
    .from(viewingSignups)
    .innerJoin(users, eq(users.id, viewingSignups.userId))
    .where(and(eq(viewingSignups.viewingId, viewingId), isNull(users.deletedAt)))
    .orderBy(asc(viewingSignups.createdAt), asc(users.email));
}

/** Every viewing a user is on the list of, for their data export. */
export async function findSignupsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      roundId: roundViewings.bidRoundId,
      startsAt: roundViewings.startsAt,
      endsAt: roundViewings.endsAt,
    })
    .from(viewingSignups)
    .innerJoin(roundViewings, eq(roundViewings.id, viewingSignups.viewingId))
    .where(eq(viewingSignups.userId, userId))
    .orderBy(asc(roundViewings.startsAt));
}

/** Whether this is the first time the viewing's follow-up is sent: false when a run before has done it. */
export async function markFollowUpSent(tx: DbOrTx, viewingId: string, roundId: string): Promise<boolean> {
  const rows = await tx
    .insert(sentNotices)
    .values({ key: `viewing-ended:${viewingId}`, bidRoundId: roundId })
    .onConflictDoNothing()
    .returning({ key: sentNotices.key });
  return rows.length > 0;
}
