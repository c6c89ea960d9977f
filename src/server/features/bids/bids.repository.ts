import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { biddingEnded, highestLiveBid } from '../../db/live-bids';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { actIsSigned, bidIsSigned } from '../../db/signed-acts';

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

/** A bid's plan and takeover date, as bid-views.ts bidPlan turns them into a view, and its signatures' marks. */
const planColumns = {
  financingEquity: bids.financingEquity,
  financingLoan: bids.financingLoan,
  financingLender: bids.financingLender,
  takeoverDate: bids.takeoverDate,
  isSigned: bidIsSigned(bids.id),
  // The seller's signed answers to the bid, for the journal's acts (decision 059).
  isRejectionSigned: actIsSigned('reject', bids.id),
  isWinnerSigned: actIsSigned('winner', bids.id),
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
        identityVerifiedAt: users.identityVerifiedAt,
        phoneVerifiedNumber: users.phoneVerifiedNumber,
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
      financingEquity: bids.financingEquity,
      financingLoan: bids.financingLoan,
      financingLender: bids.financingLender,
      takeoverDate: bids.takeoverDate,
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
