import type { BidView } from '../../../../shared/schemas/bid';

/** A bid whose acceptance deadline has passed no longer binds its bidder and cannot be chosen as winner. */
export function isBidExpired(bid: BidView, now: Date): boolean {
  if (bid.isExpired) return true;
  return bid.bidDeadline !== null && Date.parse(bid.bidDeadline) <= now.getTime();
}

/** Highest first; equal amounts (which the server refuses) would keep the order they came in. */
export function sortBids<T extends BidView>(bids: readonly T[]): T[] {
  return [...bids].sort((a, b) => b.amount - a.amount || Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
