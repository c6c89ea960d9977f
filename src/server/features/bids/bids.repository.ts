import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { biddingEnded, highestLiveBid } from '../../db/live-bids';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { actIsSigned, bidIsSigned } from '../../db/signed-acts';
import { withConditions } from './bid-conditions.repository';

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

/** Who buys (decision 065): the member who placed the bid, the others it binds, the capacity and company. */
const buyerColumns = {
  placedBy: bids.placedBy,
  coBidderIds: bids.coBidderIds,
  buyerCapacity: bids.buyerCapacity,
  companyOrgNumber: bids.companyOrgNumber,
  companyName: bids.companyName,
  companySignerRole: bids.companySignerRole,
};

/** A co-bidder as the bid lists name them: the owner reads how to reach them, the journal their name. */
const coBidderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  deletedAt: users.deletedAt,
  identityVerifiedAt: users.identityVerifiedAt,
  phoneVerifiedNumber: users.phoneVerifiedNumber,
};
export type CoBidderRow = { [K in keyof typeof coBidderColumns]: (typeof users.$inferSelect)[K] };

/** Each row with the accounts of the co-bidders it binds, in the order the bid names them. */
async function withCoBidders<T extends { coBidderIds: string[] }>(
  db: DbOrTx,
  rows: T[],
): Promise<(T & { coBidders: CoBidderRow[] })[]> {
  const ids = [...new Set(rows.flatMap((r) => r.coBidderIds))];
  const people = ids.length ? await db.select(coBidderColumns).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    ...r,
    coBidders: r.coBidderIds.flatMap((id) => {
      const person = byId.get(id);
      return person ? [person] : [];
    }),
  }));
}

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
      ...buyerColumns,
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
  const rows = await withCoBidders(db, await (lockBidders ? query.for('share', { of: users }) : query));
  return withConditions(db, rows, bidRoundId);
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
      closeReason: bidRounds.closeReason,
      price: properties.price,
      ownerId: properties.ownerId,
      title: properties.title,
      address: properties.address,
    })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

const party = alias(users, 'party');

/** The user's bids: their own, and those they are bound by as a member of a bidder group (decision 065). */
export async function findBidsOfUser(db: DbOrTx, userId: string) {
  const rows = await db
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
      userId: bids.userId,
      ...buyerColumns,
      user: { firstName: party.firstName, lastName: party.lastName, deletedAt: party.deletedAt },
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
    .innerJoin(party, eq(party.id, bids.userId))
    // The group's bids through the partial GIN index bids_co_bidders_idx, which holds only those.
    .where(
      or(
        eq(bids.userId, userId),
        sql`(cardinality(${bids.coBidderIds}) > 0 and ${bids.coBidderIds} @> array[${userId}::uuid])`,
      ),
    )
    .orderBy(desc(bids.createdAt));
  return withConditions(db, await withCoBidders(db, rows));
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
      coBidderIds: bids.coBidderIds,
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
