import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';

/** One line of 'Innkomne bud': a bid, or a counter-offer (motbud) from the seller. */
export type ListEntry<B> = { kind: 'bid'; bid: B } | { kind: 'counter-offer'; offer: CounterOfferView };

const time = (iso: string) => Date.parse(iso);

/**
 * The bids in their list order (highest first, which for bids that count is also newest first) with the
 * counter-offers placed among them by time: each one just above the first bid in the list that came in
 * before it, newest first. A counter-offer newer than every bid comes first; one older than every bid
 * (its bid gone from the list) comes last.
 */
export function placeCounterOffers<B extends { createdAt: string }>(
  bids: readonly B[],
  offers: readonly CounterOfferView[],
): ListEntry<B>[] {
  const pending = [...offers].sort((a, b) => time(b.createdAt) - time(a.createdAt));
  const entries: ListEntry<B>[] = [];
  for (const bid of bids) {
    while (pending.length > 0 && time((pending[0] as CounterOfferView).createdAt) >= time(bid.createdAt)) {
      entries.push({ kind: 'counter-offer', offer: pending.shift() as CounterOfferView });
    }
    entries.push({ kind: 'bid', bid });
  }
  for (const offer of pending) entries.push({ kind: 'counter-offer', offer });
  return entries;
}

/** The counter-offers answering any of `bids` (a bidder's group in the owner's detailed view). */
export function offersFor(
  bids: readonly { id: string }[],
  offers: readonly CounterOfferView[],
): CounterOfferView[] {
  const ids = new Set(bids.map((bid) => bid.id));
  return offers.filter((offer) => ids.has(offer.bidId));
}

/** The counter-offer to the reader that waits for their answer, if any, while its deadline is ahead. */
export function openOfferToMe(
  offers: readonly CounterOfferView[] | undefined,
  now: Date,
): CounterOfferView | null {
  return (
    offers?.find(
      (offer) => offer.isToMe && offer.status === 'open' && time(offer.deadline) > now.getTime(),
    ) ?? null
  );
}
