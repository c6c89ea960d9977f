import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainLink } from '../../../shared/record/round-act';
import { financingProblem, takeoverDateProblem } from '../../../shared/rules/bid-plan';
import { amountProblem, bidDeadlineProblem, isBidLive, liveBidsAt } from '../../../shared/rules/bids';
import { COMPANY_IN_A_GROUP } from '../../../shared/rules/buyers';
import { CONDITION_UNTIL_PAST } from '../../../shared/rules/conditions';
import type { AdminUserBidView } from '../../../shared/schemas/admin';
import type { BidView, OwnerBidView, RoundBids, UserBidView } from '../../../shared/schemas/bid';
import { findGroupOfMember } from '../../db/bidder-groups';
import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { proofRefusal } from '../financing-proofs/financing-proofs.service';
import { type BidBuyer, buyerOf } from '../signatures/bid-buyer';
import type { BidSignatureRow } from '../signatures/signature-records';
import { checkBidSignature } from '../signatures/signatures.service';
import { type BidInput, bidToPlace, conditionItemsOf, roundQueueOf } from './bid-batches';
import { findLiveBidders, type NoticePerson } from './bid-notices.repository';
import {
  type BidWithBidder,
  bidPlan,
  buyerView,
  conditionItemViews,
  toBidViews,
  toOwnerBidViews,
} from './bid-views';
import {
  type BidState,
  findBidInRound,
  findBidsOfUser,
  findHighestLiveAmount,
  findRoundBidsWithBidders,
  findRoundOfBids,
  lockBidder,
} from './bids.repository';

export const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.';
export const ROUND_ENDED = 'Budrunden er avsluttet. Ingen flere bud kan legges inn.';

/** A bid placed as placeBidWithLink places it, for callers that need no receipt (the demo data, tests). */
export async function placeBid(...args: Parameters<typeof placeBidWithLink>): Promise<BidView> {
  return (await placeBidWithLink(...args)).bid;
}

/**
 * Places a bid as if bids arrived one at a time. place_bid (drizzle/0005_place-bid.sql) takes the round's
 * lock, judges the bid against the state at that moment and writes the bid, its proof, the follow, one job
 * for its notifications and the event together, and the bid's act and signature join it: one statement and
 * one round trip, so the lock that orders the round's bids is never held while the database waits for this
 * process. Bids for the same round that wait for their turn together go in one such statement, each judged
 * in its turn (place_bids, decision 051). The rules it applies are those of shared/rules/bids, which
 * explain a refusal from the state it returns.
 */
export async function placeBidWithLink(
  deps: AppDeps,
  viewer: Viewer,
  input: BidInput,
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<{ bid: BidView; link: ChainLink }> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  requireVerifiedIdentity(deps.env, viewer, 'act');
  planRefusal(deps, input);
  const proofId = input.financingProofId ?? null;
  const id = randomUUID();
  // The bid takes its place in the round's line as it arrives; who buys (the group as it is now, which
  // place_bid holds the bid to, decision 065) is read and its signature checked meanwhile, before its turn
  // (decisions 039 and 051): read before the line, the group's lookup halved the bid storm. Its row is
  // written with the bid. Its whole wait, for its turn and then for the round's lock, is bounded by the lock
  // timeout.
  let signed: BidSignatureRow | undefined;
  let buyer: BidBuyer | undefined;
  const placed = await roundQueueOf(deps).run(input.bidRoundId, deps.env.DB_LOCK_TIMEOUT_MS, async () => {
    buyer = (await buyerOf(deps.db, viewer, input, deps.events)) ?? undefined;
    if (!buyer) throw new Unauthorized();
    if (buyer.company && buyer.bidders.length > 1)
      throw new ValidationError(COMPANY_IN_A_GROUP, [{ path: 'company', message: COMPANY_IN_A_GROUP }]);
    signed = await checkBidSignature(deps, viewer, input, buyer, id, log);
    return bidToPlace(buyer, input, id, signed);
  });
  if (!buyer) throw new Error(`the round's line placed a bid without its buyer: ${id}`);
  const refusal = bidRefusal(placed, viewer, input);
  if (!placed.placedAt && !refusal && (await groupChanged(deps, input.bidRoundId, buyer)))
    throw new Conflict(GROUP_CHANGED);
  if (!placed.placedAt) throw refusal ?? new Error(`place_bid refused a bid that the rules allow: ${id}`);
  // Committed already; a disagreement is a defect in one of the two, to be found and fixed.
  if (refusal)
    log?.error({ bidId: id, refusal: refusal.message }, 'place_bid accepted a bid the rules refuse');
  if (!placed.link) throw new Error(`place_bid placed a bid without its act in the chain: ${id}`);
  // The rules make the new bid the bidder's own, the highest, and live: no need to read the list again.
  const bid: BidView = {
    id,
    amount: input.amount,
    conditions: input.conditions,
    conditionItems: conditionItemsOf(input).map((c) => ({
      kind: c.kind,
      text: c.text,
      until: c.until?.toISOString() ?? null,
      state: 'active',
      waivedAt: null,
      lapsedAt: null,
    })),
    bidDeadline: input.bidDeadline.toISOString(),
    createdAt: placed.placedAt.toISOString(),
    bidderLabel: 'Du',
    isOwnBid: true,
    isHighestBid: true,
    isWinner: false,
    isExpired: false,
    isBidderDeleted: false,
    hasFinancingProof: proofId !== null,
    isRejected: false,
    rejectionMessage: null,
    isSigned: signed !== undefined,
    buyerCapacity: buyer.capacity,
    company: buyer.company,
    bidders:
      buyer.bidders.length > 1 ? partyFirst(buyer).map((b) => `${b.firstName} ${b.lastName}`.trim()) : [],
  };
  return { bid, link: placed.link };
}

/** The bid's bidders as the lists name them: the party first, then the others in the order they joined. */
const partyFirst = (buyer: BidBuyer) => [
  ...buyer.bidders.filter((b) => b.userId === buyer.partyId),
  ...buyer.bidders.filter((b) => b.userId !== buyer.partyId),
];

export const GROUP_CHANGED =
  'Medbudgiverne dine ble endret mens budet ble sendt. Se over hvem du byr sammen med, og prøv igjen.';

/** Whether the placer's group in the round is no longer the one the bid was formed for (decision 065). */
async function groupChanged(deps: AppDeps, roundId: string, buyer: BidBuyer): Promise<boolean> {
  const group = await findGroupOfMember(deps.db, roundId, buyer.placedBy);
  return (
    (group?.id ?? null) !== (buyer.group?.id ?? null) ||
    (group?.version ?? null) !== (buyer.group?.version ?? null) ||
    (group?.principalId ?? buyer.placedBy) !== buyer.partyId
  );
}

/**
 * The plan and the takeover day depend only on the bid itself and today's date, not on the round, so they are
 * judged before the round's lock is asked for: a bad one is refused with 400 and nothing is written. The
 * takeover day is judged on this server's clock, like the other time rules, as a day in Norway.
 */
function planRefusal(deps: AppDeps, input: BidInput): void {
  const financingError = financingProblem(input.amount, input.financing ?? null);
  if (financingError)
    throw new ValidationError(financingError, [{ path: 'financing', message: financingError }]);
  const takeoverError = takeoverDateProblem(input.takeoverDate ?? null, deps.clock.now());
  if (takeoverError)
    throw new ValidationError(takeoverError, [{ path: 'takeoverDate', message: takeoverError }]);
  const past = conditionItemsOf(input).findIndex((c) => c.until && c.until <= deps.clock.now());
  if (past >= 0)
    throw new ValidationError(CONDITION_UNTIL_PAST, [
      { path: `conditions.${past}.until`, message: CONDITION_UNTIL_PAST },
    ]);
}

/** The answer for the first rule the bid breaks against `state`, in the order users meet them, or null. */
function bidRefusal(state: BidState, viewer: Viewer, input: BidInput): Error | null {
  const { round, now } = state;
  if (!round) return new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId === viewer.id) return new Forbidden('Du kan ikke legge inn bud på din egen eiendom');
  if (!state.bidder || state.bidder.deleted) return new Unauthorized();
  if (round.isClosed || round.deadline <= now) return new Conflict(ROUND_ENDED);
  const amountError = amountProblem(input.amount, round.price, state.highest);
  if (amountError) return new ValidationError(amountError, [{ path: 'amount', message: amountError }]);
  const deadlineError = bidDeadlineProblem(input.bidDeadline, now, round.minimumBidDeadline);
  if (deadlineError)
    return new ValidationError(deadlineError, [{ path: 'bidDeadline', message: deadlineError }]);
  return input.financingProofId ? proofRefusal(state.proof, viewer) : null;
}

export async function listRoundBids(deps: AppDeps, viewer: Viewer, roundId: string): Promise<RoundBids> {
  const round = await findRoundOfBids(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const rows = await findRoundBidsWithBidders(deps.db, roundId);
  const clockNow = await databaseNow(deps.db);
  const now = liveBidsAt(round, clockNow);
  return {
    startingPrice: round.price,
    bids: toBidViews(rows, {
      viewerId: viewer.id,
      winningBidId: round.winningBidId,
      now,
      clockNow,
      seesRejectionMessages: round.ownerId === viewer.id || viewer.isAdmin,
    }),
  };
}

/** Who bid: for the property's owner and for admins only. */
export async function listOwnerBids(deps: AppDeps, viewer: Viewer, roundId: string): Promise<OwnerBidView[]> {
  const round = await findRoundOfBids(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId !== viewer.id && !viewer.isAdmin)
    throw new Forbidden('Bare selgeren kan se hvem som har budt');
  const rows = await findRoundBidsWithBidders(deps.db, roundId);
  const clockNow = await databaseNow(deps.db);
  const now = liveBidsAt(round, clockNow);
  return toOwnerBidViews(rows, { viewerId: viewer.id, winningBidId: round.winningBidId, now, clockNow });
}

/** The fields of one user's bid that both the user's own list and the admin's history show. */
function ownBidFields(r: Awaited<ReturnType<typeof findBidsOfUser>>[number], now: Date) {
  return {
    id: r.id,
    bidRoundId: r.bidRoundId,
    amount: r.amount,
    conditions: r.conditions,
    conditionItems: conditionItemViews(r.conditionRows, now),
    bidDeadline: r.bidDeadline?.toISOString() ?? null,
    // The user's own plan, or an admin's look at it: never another bidder's.
    ...bidPlan(r),
    createdAt: r.createdAt.toISOString(),
    isRejected: r.rejectedAt !== null,
    rejectionMessage: r.rejectionMessage,
    isSigned: r.isSigned,
    ...buyerView(r),
  };
}

export async function listUserBids(deps: AppDeps, viewer: Viewer): Promise<UserBidView[]> {
  const rows = await findBidsOfUser(deps.db, viewer.id);
  const now = await databaseNow(deps.db);
  return rows.map((r) => ({
    ...ownBidFields(r, now),
    isHighestBid:
      isBidLive({ ...r, isRejected: r.rejectedAt !== null }, liveBidsAt(r, now)) &&
      r.highest !== null &&
      Number(r.highest) === r.amount,
    isExpired: !isBidLive(r, liveBidsAt(r, now)),
    roundIsClosed: r.roundIsClosed,
    property: { title: r.title, address: r.address },
  }));
}

/** An administrator's view of one user's bids, newest first, with the property they were for. */
export async function listBidsOfUserForAdmin(deps: AppDeps, userId: string): Promise<AdminUserBidView[]> {
  const rows = await findBidsOfUser(deps.db, userId);
  const now = await databaseNow(deps.db);
  return rows.map((r) => ({
    ...ownBidFields(r, now),
    propertyTitle: r.title,
    propertyAddress: r.address,
  }));
}

// What other features read of a round's bids, in their own transactions: closing a round, deleting one,
// choosing a winner, raising the starting price. The bids repository stays this feature's own (decision 031).

/**
 * Every bid of a round with its bidder, in the order received. `lockBidders` share-locks the bidders, for a
 * round that is ending (see findRoundBidsWithBidders).
 */
export async function findBidsWithBidders(
  db: DbOrTx,
  roundId: string,
  options: { lockBidders?: boolean } = {},
): Promise<BidWithBidder[]> {
  return findRoundBidsWithBidders(db, roundId, options);
}

/** The highest live bid's amount at `now`, or null. */
export function findHighestLiveBid(tx: DbOrTx, roundId: string, now: Date): Promise<number | null> {
  return findHighestLiveAmount(tx, roundId, now);
}

/** The bidders whose bid in the round is live at `now`, each once, with what a mail to them needs. */
export function findLiveBiddersOf(tx: DbOrTx, roundId: string, now: Date): Promise<NoticePerson[]> {
  return findLiveBidders(tx, roundId, now);
}

/** The round's owner, deadline, close and winner, as the bid lists read them, or null. */
export function findRoundForBidLists(db: DbOrTx, roundId: string) {
  return findRoundOfBids(db, roundId);
}

/** One bid, if it belongs to the round. */
export function findBidOfRound(tx: DbOrTx, roundId: string, bidId: string) {
  return findBidInRound(tx, roundId, bidId);
}

/** The bidder's account row, share-locked: an account deletion under way finishes first, or waits. */
export function lockBidderAccount(tx: DbOrTx, userId: string) {
  return lockBidder(tx, userId);
}
