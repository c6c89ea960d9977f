import type { BidView } from '../../../../shared/schemas/bid';

/** A bid whose acceptance deadline has passed no longer binds its bidder and cannot be chosen as winner. */
export function isBidExpired(bid: BidView, now: Date): boolean {
  if (bid.isExpired) return true;
  return bid.bidDeadline !== null && Date.parse(bid.bidDeadline) <= now.getTime();
}

/**
 * Counts for the floor, the headline and the winner's choice: not lapsed, not rejected by the seller, and
 * the bidder still exists (shared/rules/bids isBidLive).
 */
export function isBidLive(bid: BidView, now: Date): boolean {
  return !bid.isBidderDeleted && !bid.isRejected && !isBidExpired(bid, now);
}

/** The bids the owner may still reject ('Avslå'): every live one. */
export function liveBidIds(bids: readonly BidView[], now: Date): Set<string> {
  return new Set(bids.filter((bid) => isBidLive(bid, now)).map((bid) => bid.id));
}

/**
 * The bids that may be chosen as the winner: each bidder's latest live bid. An older bid from the same
 * bidder has been overtaken by their own newer one.
 */
export function latestLiveBidIds(bids: readonly BidView[], now: Date): Set<string> {
  const latest = new Map<string, BidView>();
  for (const bid of bids) {
    if (!isBidLive(bid, now)) continue;
    const seen = latest.get(bid.bidderLabel);
    if (!seen || Date.parse(bid.createdAt) > Date.parse(seen.createdAt)) latest.set(bid.bidderLabel, bid);
  }
  return new Set([...latest.values()].map((bid) => bid.id));
}

/** Highest first; equal amounts (which the server refuses) would keep the order they came in. */
export function sortBids<T extends BidView>(bids: readonly T[]): T[] {
  return [...bids].sort((a, b) => b.amount - a.amount || Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
