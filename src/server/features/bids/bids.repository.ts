import { and, asc, desc, eq, gt, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, bids, properties, users } from '../../db/schema';

/**
 * A round's live bids at `at` (shared/rules/bids isBidLive), as the FROM of a subquery over `b`: the
 * acceptance deadline not passed (a bid whose deadline is exactly `at` has lapsed), the bidder not deleted.
 * The one place this rule is written in SQL.
 */
export const liveBidsOf = (roundId: SQLWrapper | string, at: SQLWrapper) =>
  sql`from ${bids} b join ${users} u on u.id = b.user_id
    where b.bid_round_id = ${roundId} and u.deleted_at is null
      and (b.bid_deadline is null or b.bid_deadline > ${at})`;

/** When bidding on a round ended (see liveBidsAt): now while open, else its close or deadline, the earlier. */
export const biddingEnded = sql`least(coalesce(${bidRounds.closedAt}, now()), ${bidRounds.deadline})`;

/** The highest live bid at `now`. */
export async function findHighestLiveAmount(
  tx: DbOrTx,
  bidRoundId: string,
  now: Date,
): Promise<number | null> {
  const result = await tx.execute(
    sql`select (select max(b.amount) ${liveBidsOf(bidRoundId, sql`${now.toISOString()}::timestamptz`)}) as max`,
  );
  const max = (result as unknown as { rows: { max: string | number | null }[] }).rows[0]?.max;
  return max == null ? null : Number(max);
}

/** The bidder's row, share-locked: an account deletion under way finishes first, or waits for this bid. */
export async function lockBidder(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return row ?? null;
}

/**
 * Every bid of a round with its bidder, in the order received (which is how pseudonyms are handed out).
 * `lockBidders` share-locks the bidders' rows, for a round that is ending: an account being deleted at that
 * moment is read after its deletion commits, so its personal data never reaches a journal written after the
 * journals were scrubbed.
 */
export async function findRoundBidsWithBidders(db: DbOrTx, bidRoundId: string, { lockBidders = false } = {}) {
  const query = db
    .select({
      id: bids.id,
      userId: bids.userId,
      amount: bids.amount,
      conditions: bids.conditions,
      bidDeadline: bids.bidDeadline,
      financingProof: bids.financingProof,
      createdAt: bids.createdAt,
      user: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        address: users.address,
        bankName: users.bankName,
        bankContactName: users.bankContactName,
        bankContactPhone: users.bankContactPhone,
        deletedAt: users.deletedAt,
      },
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.bidRoundId, bidRoundId))
    .orderBy(asc(bids.createdAt), asc(bids.id));
  return lockBidders ? query.for('share', { of: users }) : query;
}

export type BidWithBidder = Awaited<ReturnType<typeof findRoundBidsWithBidders>>[number];

export async function findBidInRound(tx: DbOrTx, bidRoundId: string, bidId: string) {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.bidRoundId, bidRoundId), eq(bids.id, bidId)));
  return row ?? null;
}

export async function findBidsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: bids.id,
      bidRoundId: bids.bidRoundId,
      amount: bids.amount,
      conditions: bids.conditions,
      bidDeadline: bids.bidDeadline,
      createdAt: bids.createdAt,
      roundIsClosed: bidRounds.isClosed,
      closedAt: bidRounds.closedAt,
      deadline: bidRounds.deadline,
      title: properties.title,
      address: properties.address,
      highest: sql<string | null>`(select max(b.amount) ${liveBidsOf(bids.bidRoundId, biddingEnded)})`,
    })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bids.userId, userId))
    .orderBy(desc(bids.createdAt));
}

/**
 * Until when the user's bids bind them: the latest moment at which one of their live bids on an open round
 * could still be accepted (its acceptance deadline, or the round's own deadline if that comes first).
 */
export async function findLatestBindingTime(tx: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ until: sql<string | Date | null>`max(least(${bids.bidDeadline}, ${bidRounds.deadline}))` })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.bidRoundId))
    .where(
      and(
        eq(bids.userId, userId),
        eq(bidRounds.isClosed, false),
        gt(bidRounds.deadline, now),
        or(isNull(bids.bidDeadline), gt(bids.bidDeadline, now)),
      ),
    );
  return row?.until ? new Date(row.until) : null;
}

/**
 * Marks a bid as notified and returns what its notifications need, or null if that was done already: the
 * fan-out job may run twice after a crash, and must queue each message once.
 */
export async function claimBidForNotifying(tx: DbOrTx, bidId: string) {
  const [bid] = await tx
    .update(bids)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(bids.id, bidId), isNull(bids.notifiedAt)))
    .returning({
      id: bids.id,
      bidRoundId: bids.bidRoundId,
      userId: bids.userId,
      amount: bids.amount,
      conditions: bids.conditions,
      bidDeadline: bids.bidDeadline,
      createdAt: bids.createdAt,
    });
  if (!bid) return null;
  // Read, not locked: the round's row lock belongs to the bids that are coming in meanwhile.
  const [round] = await tx
    .select({
      id: bidRounds.id,
      deadline: bidRounds.deadline,
      smsNotificationsEnabled: bidRounds.smsNotificationsEnabled,
      title: properties.title,
      address: properties.address,
      ownerId: properties.ownerId,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, bid.bidRoundId));
  return round ? { bid, round } : null;
}

/**
 * After the round's lock: the bidder's row share-locked (an account deletion under way finishes first, or
 * waits for this bid), then the database's clock, then the highest live bid at that moment; one round trip.
 * The clock is read after the bidder's lock, so a wait there never makes a deadline look further away.
 */
export async function lockBidderAndReadHighest(tx: DbOrTx, bidRoundId: string, userId: string) {
  const result = await tx.execute(sql`
    with bidder as materialized (
      select ${users.deletedAt} as deleted_at from ${users} where ${users.id} = ${userId} for share
    ), clock as materialized (
      select clock_timestamp() as now, (select count(*) from bidder) as found
    )
    select clock.now, clock.found, (select deleted_at from bidder) as deleted_at,
      (select max(b.amount) ${liveBidsOf(bidRoundId, sql`clock.now`)}) as highest
    from clock`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) throw new Error('the bid context query returned no row');
  return {
    bidder:
      Number(row.found) > 0
        ? { deletedAt: row.deleted_at ? new Date(row.deleted_at as string) : null }
        : null,
    now: new Date(row.now as string | Date),
    highest: row.highest == null ? null : Number(row.highest),
  };
}

/**
 * Inserts the bid and, in the same statement, what must commit with it (`alongside`: other inserts, sent
 * as data-modifying CTEs) and `select` (an expression such as the event's pg_notify). Every statement of a
 * bid is a round trip made while the round's lock is held, and the lock is what orders bids: one statement
 * instead of four is what lets a busy round take several hundred bids a second.
 */
export async function insertBidWith(
  tx: DbOrTx,
  row: typeof bids.$inferInsert,
  alongside: SQLWrapper[],
  select: SQL,
) {
  // drizzle puts an embedded query in parentheses of its own, which is what a CTE needs.
  const ctes = alongside.map((statement, i) => sql`, ${sql.raw(`alongside_${i}`)} as ${statement}`);
  const result = await tx.execute(sql`
    with bid as ${tx.insert(bids).values(row).returning({ id: bids.id, createdAt: bids.createdAt })}
    ${sql.join(ctes)}
    select bid.id, bid.created_at, ${select} from bid`);
  const created = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!created) throw new Error('insert into bids returned no row');
  return { id: String(created.id), createdAt: new Date(created.created_at as string | Date) };
}
