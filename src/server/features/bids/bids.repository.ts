import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { biddingEnded, highestLiveBid } from '../../db/live-bids';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { type BidState, toBidStates } from './bid-state';

export type { BidState } from './bid-state';

/** The highest live bid at `now`. */
export async function findHighestLiveAmount(
  tx: DbOrTx,
  bidRoundId: string,
  now: Date,
): Promise<number | null> {
  const result = await tx.execute(
    sql`select ${highestLiveBid(bidRoundId, sql`${now.toISOString()}::timestamptz`)} as max`,
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

/** A bid's plan and takeover date, as bid-views.ts bidPlan turns them into a view, and its signature's mark. */
const planColumns = {
  financingEquity: bids.financingEquity,
  financingLoan: bids.financingLoan,
  financingLender: bids.financingLender,
  takeoverDate: bids.takeoverDate,
  isSigned: sql<boolean>`exists (select 1 from bid_signatures s where s.bid_id = ${bids.id})`.mapWith(
    Boolean,
  ),
};

/**
 * Every bid of a round with its bidder, in the order received (which is how pseudonyms are handed out): bids
 * placed in the same millisecond in the order of their amounts, as round_pseudonym orders them (migration
 * 0020, decision 051).
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
      ...planColumns,
      createdAt: bids.createdAt,
      rejectedAt: bids.rejectedAt,
      rejectionMessage: bids.rejectionMessage,
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
    .orderBy(asc(bids.createdAt), asc(bids.amount), asc(bids.id));
  return lockBidders ? query.for('share', { of: users }) : query;
}

/** One bid by its id, whichever round it belongs to. */
export async function findBidById(tx: DbOrTx, bidId: string) {
  const [row] = await tx.select().from(bids).where(eq(bids.id, bidId));
  return row ?? null;
}

export async function findBidInRound(tx: DbOrTx, bidRoundId: string, bidId: string) {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.bidRoundId, bidRoundId), eq(bids.id, bidId)));
  return row ?? null;
}

/**
 * The facts of a round that its bid lists need, without a lock. The bid-rounds feature reads its rounds
 * with its own query; this one is the bids feature's, so neither reads the other's repository.
 */
export async function findRoundOfBids(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({
      closedAt: bidRounds.closedAt,
      deadline: bidRounds.deadline,
      winningBidId: bidRounds.winningBidId,
      price: properties.price,
      ownerId: properties.ownerId,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
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
      ...planColumns,
      createdAt: bids.createdAt,
      rejectedAt: bids.rejectedAt,
      rejectionMessage: bids.rejectionMessage,
      roundIsClosed: bidRounds.isClosed,
      closedAt: bidRounds.closedAt,
      deadline: bidRounds.deadline,
      title: properties.title,
      address: properties.address,
      highest: sql<string | null>`${highestLiveBid(bids.bidRoundId, biddingEnded)}`,
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
    .where(bindingBidsOf(userId, now));
  return row?.until ? new Date(row.until) : null;
}

/**
 * The user's bids that still bind them at `at`: on an open round, before their acceptance deadline, and not
 * rejected by the seller (a rejected bid binds no one, like a lapsed one).
 */
export function bindingBidsOf(userId: string, at: Date) {
  return and(
    eq(bids.userId, userId),
    eq(bidRounds.isClosed, false),
    gt(bidRounds.deadline, at),
    or(isNull(bids.bidDeadline), gt(bids.bidDeadline, at)),
    isNull(bids.rejectedAt),
  );
}

/**
 * Records the seller's rejection, once: the bid must be of the round and not rejected yet. Run under the
 * round's lock, which the caller holds; the condition is a second guard. Returns false if nothing changed.
 */
export async function markBidRejected(
  tx: DbOrTx,
  bid: { roundId: string; bidId: string; message: string | null; by: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(bids)
    .set({ rejectedAt: bid.at, rejectionMessage: bid.message, rejectedBy: bid.by })
    .where(and(eq(bids.id, bid.bidId), eq(bids.bidRoundId, bid.roundId), isNull(bids.rejectedAt)))
    .returning({ id: bids.id });
  return rows.length > 0;
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
      financingProof: bids.financingProof,
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

export interface BidToPlace {
  id: string;
  bidRoundId: string;
  userId: string;
  amount: number;
  conditions: string | null;
  bidDeadline: Date;
  financingProofId: string | null;
  /** The bidder's financing plan, or null (absent) when they gave none. */
  financing?: { equity: number; loan: number; lender: string | null } | null;
  /** The desired takeover day 'YYYY-MM-DD', or null (absent) for 'Etter avtale'. */
  takeoverDate?: string | null;
  /** The shortest acceptance time, in minutes (shared/rules/bids). */
  minAcceptanceMinutes: number;
  job: { type: string; payload: unknown; maxAttempts: number };
  event: { channel: string; payload: string };
  /** The bid's act for the round's chain (decision 040), formed around its gaps (decision 050). */
  act?: { beforeAt: string; beforeParty: string; afterParty: string; secret: object } | null;
  /** The bid's verified signature (decision 039), as the bid_signatures row by column name. */
  signature?: Record<string, string> | null;
}

/** One element of place_bids' array (migration 0020). */
const placeBidsElement = (bid: BidToPlace) => ({
  id: bid.id,
  roundId: bid.bidRoundId,
  userId: bid.userId,
  amount: bid.amount,
  conditions: bid.conditions,
  bidDeadline: bid.bidDeadline.toISOString(),
  proofId: bid.financingProofId,
  minAcceptanceMinutes: bid.minAcceptanceMinutes,
  jobType: bid.job.type,
  jobPayload: bid.job.payload,
  jobMaxAttempts: bid.job.maxAttempts,
  channel: bid.event.channel,
  event: bid.event.payload,
  equity: bid.financing?.equity ?? null,
  loan: bid.financing?.loan ?? null,
  lender: bid.financing?.lender ?? null,
  takeoverDate: bid.takeoverDate ?? null,
  act: bid.act ?? null,
  signature: bid.signature ?? null,
});

/**
 * Places bids for one round, in the given order, with place_bids (migration 0020): one statement, sent
 * outside any transaction, so the round's lock is taken and released inside the database and never held
 * across a round trip, and the bids share one commit (decision 051). Each bid is judged and written exactly
 * as place_bid judges and writes one, its act appended to the chain and its signature row written only if
 * it was placed. Returns, for each bid, the state it was judged against; placedAt is null when a rule
 * refused it.
 *
 * `lockTimeoutMs` replaces the pool's lock_timeout for this statement alone (set_config with is_local, in
 * the statement's own transaction), so the bids wait at the database only for what is left of their budget.
 * The set_config sits in a subquery that the call to place_bids refers to laterally, and neither may be
 * flattened (offset 0): that makes PostgreSQL run it first, before place_bids asks for the round's lock.
 */
export async function placeBidsUnderLock(
  db: Db,
  batch: readonly BidToPlace[],
  lockTimeoutMs?: number,
): Promise<BidState[]> {
  const placeBids = sql`place_bids(${JSON.stringify(batch.map(placeBidsElement))}::jsonb)`;
  const placed =
    lockTimeoutMs === undefined
      ? sql`select (p.state).*, p.act_seq, p.act_hash from ${placeBids} p`
      : sql`select (p.state).*, p.act_seq, p.act_hash from
      (select set_config('lock_timeout', ${String(lockTimeoutMs)}::text, true) as applied offset 0) timeout,
      lateral (select * from ${placeBids} where timeout.applied is not null offset 0) p`;
  const states = toBidStates(await db.execute(placed));
  if (states.length !== batch.length)
    throw new Error(`place_bids returned ${states.length} states for ${batch.length} bids`);
  return states;
}

/** One bid alone, as placeBidsUnderLock places it. */
export async function placeBidUnderLock(db: Db, bid: BidToPlace, lockTimeoutMs?: number): Promise<BidState> {
  const [state] = await placeBidsUnderLock(db, [bid], lockTimeoutMs);
  if (!state) throw new Error(`place_bids returned no state for bid ${bid.id}`);
  return state;
}
