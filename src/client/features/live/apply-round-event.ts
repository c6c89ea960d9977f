import type { OwnerBidView, RoundBids } from '../../../shared/schemas/bid';
import type { BidRoundView, FollowerView, PublicBidRound } from '../../../shared/schemas/bid-round';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import type { PublicRoundEvent, RoundChange, RoundEvent } from '../../../shared/schemas/events';
import { roundKeys } from '../bid-rounds/api/round-queries';
import { PUBLIC_ACTIVE_KEY } from '../bid-rounds/api/use-active-rounds';
import { viewingKeys } from '../viewings/api/use-viewings';
import type { CacheWriter } from './cache-writer';
import { announceNewBid } from './new-bids';
import { placeInOpenList, replaceInList } from './round-list-updates';

// Changes that move a round within the admin's list (open first, newest first), or in or out of it.
const REORDERS_ALL: ReadonlySet<RoundChange> = new Set(['created', 'closed', 'winner', 'deleted']);

/**
 * A signed-in subscriber's round event: the round, its lists and its bids are set from what the event
 * carries; what it leaves out is fetched again where it is shown.
 */
export function applyRoundEvent(writer: CacheWriter, event: RoundEvent): void {
  const { roundId, round, followers } = event;
  // Only the owner hears of a follow, with the list: the owner's page shows it, and nothing else changed.
  if (followers) writer.write<FollowerView[]>(roundKeys.followers(roundId), () => followers);
  if (event.change === 'followers') {
    // A signup for a viewing (which follows the round) or signing off: the owner's visningsliste, when
    // shown, is asked again.
    writer.refresh(viewingKeys.allSignups(roundId));
    return;
  }
  // A deleted round's page fetches again and then says 'Fant ikke budrunden'.
  if (round) writer.write<BidRoundView>(roundKeys.round(roundId), () => round);
  else writer.refresh(roundKeys.round(roundId), true);

  writer.write<BidRoundView[]>(roundKeys.active, (list) =>
    list ? placeInOpenList(list, roundId, round, new Date()) : undefined,
  );
  writer.write<BidRoundView[]>(roundKeys.mine, (list) => {
    if (!list) return undefined;
    const next = replaceInList(list, roundId, round);
    // Not in the user's list, and nothing of theirs: it stays as it is.
    if (!next && round && !round.isOwner && !round.hasBid) return list;
    return next;
  });
  writer.write<BidRoundView[]>(roundKeys.all, (list) =>
    list && !REORDERS_ALL.has(event.change) ? replaceInList(list, roundId, round) : undefined,
  );

  const { bids, ownerBids } = event;
  if (bids) writer.write<RoundBids>(roundKeys.bids(roundId), () => bids);
  else writer.refresh(roundKeys.bids(roundId), true);
  if (ownerBids) writer.write<OwnerBidView[]>(roundKeys.ownerBids(roundId), () => ownerBids);
  else writer.refresh(roundKeys.ownerBids(roundId), true);
  const { counterOffers } = event;
  if (counterOffers) writer.write<CounterOfferView[]>(roundKeys.counterOffers(roundId), () => counterOffers);
  else writer.refresh(roundKeys.counterOffers(roundId), true);
  writer.refresh(roundKeys.userBids);
  // Who bids with whom is never in an event: a change of a group is read again by those who show it.
  writer.refresh(roundKeys.coBidders(roundId));
  // Who was told, saw and answered (decision 066): read again by the owner's page, where it is shown.
  writer.refresh(roundKeys.bidderStates(roundId));

  if (event.change === 'bid' && event.bidId) {
    const bid =
      bids?.bids.find((b) => b.id === event.bidId) ?? ownerBids?.find((b) => b.id === event.bidId) ?? null;
    announceNewBid({
      roundId,
      bidId: event.bidId,
      amount: bid?.amount ?? round?.highestBid ?? null,
      own: bid?.isOwnBid ?? false,
    });
  }
}

/** A visitor's round event: the landing page's open rounds gain, replace or lose the round. */
export function applyPublicRoundEvent(writer: CacheWriter, event: PublicRoundEvent): void {
  writer.write<PublicBidRound[]>(PUBLIC_ACTIVE_KEY, (list) =>
    list ? placeInOpenList(list, event.roundId, event.round, new Date()) : undefined,
  );
}
