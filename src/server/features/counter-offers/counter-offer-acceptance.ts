import type { ChainLink } from '../../../shared/record/round-act';
import type { Tx } from '../../db/client';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import { Conflict } from '../../errors';
import { closeRoundOnAcceptance } from '../../hooks/round-closer';
import { recordCounterOfferAccepted, type SignedBy } from '../round-chain/round-acts';
import { tellOwnerBySms } from './counter-offer-notices';
import { type CounterOfferRow, recipientName } from './counter-offer-views';
import { answerCounterOffer, findBidPlanOf, insertAcceptedBid } from './counter-offers.repository';

/**
 * The binding part of an acceptance, under the round's lock the caller holds: the recipient's bid at the
 * counter-offer's amount and conditions (with the takeover day of the bid it answered), the counter-offer
 * marked accepted, and the round ended with that bid as the winner. The round's close writes the journals,
 * publishes the event and queues every participant's message; the owner also gets an SMS.
 */
export async function acceptCounterOfferUnderLock(
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  offer: CounterOfferRow,
  now: Date,
  signed?: SignedBy | null,
  acceptedBy: string = offer.recipientId,
): Promise<{ bid: { id: string; amount: number }; link: ChainLink }> {
  const answered = await findBidPlanOf(tx, offer.bidId);
  const bidId = await insertAcceptedBid(tx, {
    bidRoundId: round.id,
    userId: offer.recipientId,
    amount: offer.amount,
    conditions: offer.conditions,
    bidDeadline: offer.deadline,
    takeoverDate: answered?.takeoverDate ?? null,
    createdAt: now,
    // The bid it answered binds the same people, so the acceptance does (decision 065).
    placedBy: acceptedBy === offer.recipientId ? null : acceptedBy,
    coBidderIds: answered?.coBidderIds ?? [],
    buyerCapacity: answered?.buyerCapacity ?? 'forbruker',
    companyOrgNumber: answered?.companyOrgNumber ?? null,
    companyName: answered?.companyName ?? null,
    companySignerRole: answered?.companySignerRole ?? null,
  });
  if (!(await answerCounterOffer(tx, offer.id, { status: 'accepted', at: now, acceptedBidId: bidId })))
    throw new Conflict('Motbudet er allerede akseptert');
  const link = await recordCounterOfferAccepted(tx, offer, bidId, now, signed);
  await closeRoundOnAcceptance(tx, deps, round, bidId, offer.recipientId);
  await tellOwnerBySms(tx, deps, round, 'accepted', { amount: offer.amount, who: recipientName(offer) });
  return { bid: { id: bidId, amount: offer.amount }, link };
}
