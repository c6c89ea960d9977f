import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { amountProblem, bidDeadlineProblem, isBidLive, liveBidsAt } from '../../../shared/rules/bids';
import type { AdminUserBidView } from '../../../shared/schemas/admin';
import type {
  BidView,
  OwnerBidView,
  placeBidSchema,
  RoundBids,
  UserBidView,
} from '../../../shared/schemas/bid';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationError } from '../../errors';
import { notifyExpression } from '../../events/bus-event';
import type { Viewer } from '../accounts/accounts.repository';
import { findRoundForReading, lockRound } from '../bid-rounds/bid-rounds.repository';
import { followerInsert } from '../bid-rounds/followers.repository';
import { attachProofToBid } from '../financing-proofs/financing-proofs.service';
import { bidPlacedJob } from './bid-notifications';
import { toBidViews, toOwnerBidViews } from './bid-views';
import {
  findBidsOfUser,
  findRoundBidsWithBidders,
  insertBidWith,
  lockBidderAndReadHighest,
} from './bids.repository';

export const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.';
export const ROUND_ENDED = 'Budrunden er avsluttet. Ingen flere bud kan legges inn.';

/**
 * Places a bid as if bids arrived one at a time: the round's row lock is taken first, then the highest live
 * bid is read, the rules are checked against database time, and the bid, its financing proof, the follow,
 * one job for its notifications and the event are written, all in one transaction or not at all. The bidder's
 * own row is share-locked too, so an account deletion and a new bid never pass each other.
 */
export async function placeBid(
  deps: AppDeps,
  viewer: Viewer,
  input: z.output<typeof placeBidSchema>,
): Promise<BidView> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  return deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, input.bidRoundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    if (round.ownerId === viewer.id) throw new Forbidden('Du kan ikke legge inn bud på din egen eiendom');
    const { bidder, now, highest } = await lockBidderAndReadHighest(tx, round.id, viewer.id);
    if (!bidder || bidder.deletedAt) throw new Unauthorized();
    if (round.isClosed || round.deadline <= now) throw new Conflict(ROUND_ENDED);
    const amountError = amountProblem(input.amount, round.price, highest);
    if (amountError) throw new ValidationError(amountError, [{ path: 'amount', message: amountError }]);
    const deadlineError = bidDeadlineProblem(input.bidDeadline, now, round.minimumBidDeadline);
    if (deadlineError)
      throw new ValidationError(deadlineError, [{ path: 'bidDeadline', message: deadlineError }]);

    // The bid, the bidder's follow, the one job that queues its messages after the commit, and the event
    // that reaches every screen once it commits: one statement, to keep the lock short.
    const id = randomUUID();
    const bid = await insertBidWith(
      tx,
      {
        id,
        bidRoundId: round.id,
        userId: viewer.id,
        amount: input.amount,
        conditions: input.conditions,
        bidDeadline: input.bidDeadline,
        financingProof: input.financingProofId ?? null,
        createdAt: now,
      },
      [followerInsert(tx, round.id, viewer.id), bidPlacedJob(tx, id)],
      notifyExpression({ type: 'round', roundId: round.id, change: 'bid', bidId: id }),
    );
    // Refused here, the whole transaction rolls back: the bid, its job and its event with it.
    if (input.financingProofId) await attachProofToBid(tx, viewer, input.financingProofId, id);
    // The rules above make the new bid the bidder's own, the highest, and live: no need to read the list again.
    return {
      id,
      amount: input.amount,
      conditions: input.conditions,
      bidDeadline: input.bidDeadline.toISOString(),
      createdAt: bid.createdAt.toISOString(),
      bidderLabel: 'Du',
      isOwnBid: true,
      isHighestBid: true,
      isWinner: false,
      isExpired: false,
      isBidderDeleted: false,
      hasFinancingProof: Boolean(input.financingProofId),
    };
  });
}

export async function listRoundBids(deps: AppDeps, viewer: Viewer, roundId: string): Promise<RoundBids> {
  const round = await findRoundForReading(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const rows = await findRoundBidsWithBidders(deps.db, roundId);
  const now = liveBidsAt(round, await databaseNow(deps.db));
  return {
    startingPrice: round.price,
    bids: toBidViews(rows, { viewerId: viewer.id, winningBidId: round.winningBidId, now }),
  };
}

/** Who bid: for the property's owner and for admins only. */
export async function listOwnerBids(deps: AppDeps, viewer: Viewer, roundId: string): Promise<OwnerBidView[]> {
  const round = await findRoundForReading(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId !== viewer.id && !viewer.isAdmin)
    throw new Forbidden('Bare selgeren kan se hvem som har budt');
  const rows = await findRoundBidsWithBidders(deps.db, roundId);
  const now = liveBidsAt(round, await databaseNow(deps.db));
  return toOwnerBidViews(rows, { viewerId: viewer.id, winningBidId: round.winningBidId, now });
}

/** The fields of one user's bid that both the user's own list and the admin's history show. */
function ownBidFields(r: Awaited<ReturnType<typeof findBidsOfUser>>[number]) {
  return {
    id: r.id,
    bidRoundId: r.bidRoundId,
    amount: r.amount,
    conditions: r.conditions,
    bidDeadline: r.bidDeadline?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listUserBids(deps: AppDeps, viewer: Viewer): Promise<UserBidView[]> {
  const rows = await findBidsOfUser(deps.db, viewer.id);
  const now = await databaseNow(deps.db);
  return rows.map((r) => ({
    ...ownBidFields(r),
    isHighestBid: isBidLive(r, liveBidsAt(r, now)) && r.highest !== null && Number(r.highest) === r.amount,
    isExpired: !isBidLive(r, liveBidsAt(r, now)),
    roundIsClosed: r.roundIsClosed,
    property: { title: r.title, address: r.address },
  }));
}

/** An administrator's view of one user's bids, newest first, with the property they were for. */
export async function listBidsOfUserForAdmin(deps: AppDeps, userId: string): Promise<AdminUserBidView[]> {
  const rows = await findBidsOfUser(deps.db, userId);
  return rows.map((r) => ({
    ...ownBidFields(r),
    propertyTitle: r.title,
    propertyAddress: r.address,
  }));
}
