import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidConditions } from '../../db/fair-notice-schema';
import { bids } from '../../db/schema';

/** One condition with its bid, share-locking nothing: the caller holds the round's lock. */
export async function findConditionWithBid(db: DbOrTx, bidId: string, index: number) {
  const [row] = await db
    .select({
      bidId: bids.id,
      bidRoundId: bids.bidRoundId,
      userId: bids.userId,
      coBidderIds: bids.coBidderIds,
      amount: bids.amount,
      bidDeadline: bids.bidDeadline,
      rejectedAt: bids.rejectedAt,
      kind: bidConditions.kind,
      text: bidConditions.text,
      until: bidConditions.until,
      waivedAt: bidConditions.waivedAt,
      lapseRecordedAt: bidConditions.lapseRecordedAt,
    })
    .from(bids)
    .leftJoin(bidConditions, and(eq(bidConditions.bidId, bids.id), eq(bidConditions.position, index)))
    .where(eq(bids.id, bidId));
  return row ?? null;
}

/** Marks the condition waived at `at`, once: false if it was waived already. */
export async function markWaived(db: DbOrTx, bidId: string, index: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(bidConditions)
    .set({ waivedAt: at })
    .where(
      and(eq(bidConditions.bidId, bidId), eq(bidConditions.position, index), isNull(bidConditions.waivedAt)),
    )
    .returning({ bidId: bidConditions.bidId });
  return rows.length > 0;
}

/**
 * Conditions whose deadline has passed on the database's clock, not waived and not yet recorded as lapsed,
 * of bids that still bind: live in an open round, or the round's winning bid. A lapse of a bid that binds
 * no one is not news.
 */
export async function findDueLapses(db: DbOrTx, limit = 100) {
  const result = await db.execute(sql`
    select c.bid_id as "bidId", c.position, b.bid_round_id as "roundId"
    from bid_conditions c
    join bids b on b.id = c.bid_id
    join bid_rounds r on r.id = b.bid_round_id
    where c.until <= clock_timestamp() and c.waived_at is null and c.lapse_recorded_at is null
      and b.rejected_at is null
      and (r.winning_bid_id = b.id
        or (not r.is_closed and r.deadline > clock_timestamp() and b.bid_deadline > clock_timestamp()))
    order by c.until
    limit ${limit}`);
  return (result as unknown as { rows: { bidId: string; position: number; roundId: string }[] }).rows;
}

/** Records the lapse once, under the round's lock: false if it was waived or recorded meanwhile. */
export async function markLapseRecorded(db: DbOrTx, bidId: string, index: number, at: Date) {
  const rows = await db
    .update(bidConditions)
    .set({ lapseRecordedAt: at })
    .where(
      and(
        eq(bidConditions.bidId, bidId),
        eq(bidConditions.position, index),
        isNull(bidConditions.waivedAt),
        isNull(bidConditions.lapseRecordedAt),
        sql`${bidConditions.until} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .returning({ bidId: bidConditions.bidId });
  return rows.length > 0;
}

/** The bidder's pseudonym in the round ('Budgiver A'), as the chain hands them out. */
export async function findPseudonym(db: DbOrTx, roundId: string, userId: string): Promise<string> {
  const result = await db.execute(sql`select round_pseudonym(${roundId}::uuid, ${userId}::uuid) as label`);
  return (result as unknown as { rows: { label: string | null }[] }).rows[0]?.label ?? 'Budgiveren';
}
