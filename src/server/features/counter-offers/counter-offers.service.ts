import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  counterOfferAmountProblem,
  counterOfferDeadlineProblem,
  effectiveCounterOfferStatus,
} from '../../../shared/rules/counter-offers';
import type {
  AcceptedCounterOffer,
  CounterOfferView,
  CreatedCounterOffer,
  createCounterOfferSchema,
} from '../../../shared/schemas/counter-offer';
import type { RecordedAct } from '../../../shared/schemas/responses/record';
import type { SignedActBody } from '../../../shared/schemas/signature';
import type { Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { findAnswerableBid } from '../bids/bid-answers.service';
import { findBidsWithBidders, lockBidderAccount, ROUND_NOT_FOUND } from '../bids/bids.service';
import { ALREADY_CLOSED } from '../bids/round-access';
import { recordCounterOffer, recordCounterOfferEnd } from '../round-chain/round-acts';
import { signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import { acceptCounterOfferUnderLock } from './counter-offer-acceptance';
import { scheduleCounterOfferLapse, tellOwnerOfAnswer, tellRecipient } from './counter-offer-notices';
import { recordSettled } from './counter-offer-records';
import { type CounterOfferRow, recipientName, toCounterOfferViews } from './counter-offer-views';
import {
  answerCounterOffer,
  findCounterOffer,
  findCounterOffersOfRound,
  findRoundOwner,
  insertCounterOffer,
  settleOpenCounterOffers,
} from './counter-offers.repository';

// The seller's counter-offer (motbud, decision 035; forskrift om eiendomsmegling § 6-3). Every change
// runs under the round's row lock, like bids, rejections and winner choices, so that of two acts on one
// round exactly one decides. Decision 035.

export const COUNTER_OFFER_NOT_FOUND = 'Motbudet ble ikke funnet';
export const ONLY_OWNER = 'Bare selgeren kan gi eller trekke motbud';
export const ONLY_RECIPIENT = 'Bare budgiveren motbudet er gitt til, kan svare på det';
export const ROUND_PAST_DEADLINE = 'Budfristen for budrunden har gått ut. Det kan ikke gis motbud.';

/** Why a counter-offer that is no longer open cannot be answered or withdrawn. */
export const NOT_OPEN: Record<Exclude<CounterOfferView['status'], 'open'>, string> = {
  accepted: 'Motbudet er allerede akseptert',
  declined: 'Motbudet er allerede avslått',
  withdrawn: 'Motbudet er trukket av selgeren',
  lapsed: 'Fristen for motbudet har gått ut',
};

/** The owner's counter-offer to the bidder of a live bid; it replaces that bidder's open one, if any. */
export async function createCounterOffer(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  input: z.output<typeof createCounterOfferSchema>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CreatedCounterOffer> {
  requireVerifiedIdentity(deps.env, viewer, 'act');
  // The owner's signature is checked before the round's lock, and stored with the offer (decision 041).
  const { signature, ...counterOffer } = input;
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'counter-offer', bidRoundId: roundId, counterOffer },
    signature,
    log,
  );
  const { id, link } = await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    if (round.ownerId !== viewer.id) throw new Forbidden(ONLY_OWNER);
    const { bid, now } = await findAnswerableBid(tx, round, input.bidId, ROUND_PAST_DEADLINE);
    const amountProblem = counterOfferAmountProblem(input.amount, bid.amount);
    if (amountProblem) throw new ValidationError(amountProblem, [{ path: 'amount', message: amountProblem }]);
    const deadlineProblem = counterOfferDeadlineProblem(input.deadline, now, round.deadline);
    if (deadlineProblem)
      throw new ValidationError(deadlineProblem, [{ path: 'deadline', message: deadlineProblem }]);

    // At most one open counter-offer per bidder and round: the newer one stands.
    await recordSettled(
      tx,
      await settleOpenCounterOffers(tx, { roundId: round.id, recipientId: bid.userId }, now),
    );
    const created = await insertCounterOffer(tx, {
      bidRoundId: round.id,
      bidId: bid.id,
      recipientId: bid.userId,
      createdBy: viewer.id,
      amount: input.amount,
      deadline: input.deadline,
      conditions: input.conditions,
      createdAt: now,
    });
    await storeActSignature(tx, signed, created);
    const link = await recordCounterOffer(
      tx,
      { ...counterOffer, id: created, bidRoundId: round.id, bidId: bid.id, recipientId: bid.userId },
      input.conditions ?? null,
      now,
      chainSignatureOf(signed),
    );
    await scheduleCounterOfferLapse(tx, created, input.deadline);
    await tellRecipient(tx, deps, round, [bid.userId, ...bid.coBidderIds], input);
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'counter-offer' });
    return { id: created, link };
  });
  const row = await findCounterOffer(deps.db, id);
  if (!row) throw new NotFound(COUNTER_OFFER_NOT_FOUND);
  const [view] = toCounterOfferViews([row], [], {
    viewerId: viewer.id,
    seesRecipients: true,
    now: row.createdAt,
  });
  if (!view) throw new NotFound(COUNTER_OFFER_NOT_FOUND);
  return { counterOffer: view, ...signedLink(deps, link) };
}

/** A round's counter-offers as the viewer may see them (decision 035). */
export async function listCounterOffers(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
): Promise<CounterOfferView[]> {
  const round = await findRoundOwner(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const [rows, bids, now] = await Promise.all([
    findCounterOffersOfRound(deps.db, roundId),
    findBidsWithBidders(deps.db, roundId),
    databaseNow(deps.db),
  ]);
  return toCounterOfferViews(rows, bids, {
    viewerId: viewer.id,
    seesRecipients: round.ownerId === viewer.id || viewer.isAdmin,
    now,
  });
}

/** The recipient, or a member of their group whom the bid it answers binds (decision 065). */
const isRecipient = (offer: CounterOfferRow, userId: string) =>
  offer.recipientId === userId || offer.bidCoBidderIds.includes(userId);

/**
 * Reads a counter-offer, checks who may act on it, and locks its round: 404 for an unknown one, 403 for
 * anyone but `who`, 409 once the round has ended or the counter-offer is no longer open.
 */
async function lockOpenCounterOffer(
  tx: Tx,
  viewer: Viewer,
  id: string,
  who: 'owner' | 'recipient',
): Promise<{ offer: CounterOfferRow; round: LockedRound; now: Date }> {
  const found = await findCounterOffer(tx, id);
  if (!found) throw new NotFound(COUNTER_OFFER_NOT_FOUND);
  const round = await lockRound(tx, found.bidRoundId);
  if (!round) throw new NotFound(COUNTER_OFFER_NOT_FOUND);
  if (who === 'owner' && round.ownerId !== viewer.id) throw new Forbidden(ONLY_OWNER);
  if (who === 'recipient' && !isRecipient(found, viewer.id)) throw new Forbidden(ONLY_RECIPIENT);
  if (round.isClosed) throw new Conflict(ALREADY_CLOSED);
  // Read again under the lock: an answer that got the lock first is seen here.
  const offer = await findCounterOffer(tx, id);
  if (!offer) throw new NotFound(COUNTER_OFFER_NOT_FOUND);
  const now = await databaseNow(tx);
  const status = effectiveCounterOfferStatus(offer.status, offer.deadline, now);
  if (status !== 'open') throw new Conflict(NOT_OPEN[status]);
  if (round.deadline <= now) throw new Conflict('Budfristen for budrunden har gått ut.');
  return { offer, round, now };
}

/**
 * The recipient accepts: binding for both parties. In one transaction under the round's lock the
 * acceptance becomes the recipient's bid at the counter-offer's amount and conditions, that bid wins, and
 * the round closes (reason 'counter-offer') with its journals and messages, as 'Velg som vinner' does.
 */
export async function acceptCounterOffer(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  body: SignedActBody = {},
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<AcceptedCounterOffer> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  requireVerifiedIdentity(deps.env, viewer, 'act');
  // The bidder's signature is checked before the round's lock, and stored with the acceptance (decision 041).
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'accept-counter-offer', counterOfferId: id },
    body.signature,
    log,
  );
  const { bid, link } = await deps.db.transaction(async (tx) => {
    const { offer, round, now } = await lockOpenCounterOffer(tx, viewer, id, 'recipient');
    const account = await lockBidderAccount(tx, viewer.id);
    if (!account || account.deletedAt) throw new Conflict('Kontoen din er slettet');
    // Stored before the acceptance closes the round, so that the journals it writes see the bid it places
    // as signed (decision 059); a refusal below rolls the row back with the act.
    await storeActSignature(tx, signed, offer.id);
    return acceptCounterOfferUnderLock(tx, deps, round, offer, now, chainSignatureOf(signed), viewer.id);
  });
  return {
    message: 'Motbudet er akseptert. Handelen er bindende for begge parter.',
    bid,
    ...signedLink(deps, link),
  };
}

/** The recipient declines; the round stays open and the owner hears of it. */
export async function declineCounterOffer(deps: AppDeps, viewer: Viewer, id: string): Promise<RecordedAct> {
  const link = await deps.db.transaction(async (tx) => {
    const { offer, round, now } = await lockOpenCounterOffer(tx, viewer, id, 'recipient');
    if (!(await answerCounterOffer(tx, offer.id, { status: 'declined', at: now })))
      throw new Conflict(NOT_OPEN.declined);
    const link = await recordCounterOfferEnd(tx, 'counter-offer-declined', offer, now);
    await tellOwnerOfAnswer(tx, deps, round, 'declined', { amount: offer.amount, who: recipientName(offer) });
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'counter-offer' });
    return link;
  });
  return { message: 'Motbudet er avslått', ...signedLink(deps, link) };
}

/** The owner withdraws an open counter-offer; its recipient hears of it. */
export async function withdrawCounterOffer(deps: AppDeps, viewer: Viewer, id: string): Promise<RecordedAct> {
  const link = await deps.db.transaction(async (tx) => {
    const { offer, round, now } = await lockOpenCounterOffer(tx, viewer, id, 'owner');
    if (!(await answerCounterOffer(tx, offer.id, { status: 'withdrawn', at: now })))
      throw new Conflict(NOT_OPEN.withdrawn);
    const link = await recordCounterOfferEnd(tx, 'counter-offer-withdrawn', offer, now);
    await tellRecipient(tx, deps, round, [offer.recipientId, ...offer.bidCoBidderIds], offer, 'withdrawn');
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'counter-offer' });
    return link;
  });
  return { message: 'Motbudet er trukket', ...signedLink(deps, link) };
}
