import { MAX_AMOUNT } from './amounts';

export const MIN_ACCEPTANCE_MINUTES = 30;
export const MAX_CONDITIONS_LENGTH = 2000;
/** The seller's message with a rejection (avslag), in characters. */
export const MAX_REJECTION_MESSAGE_LENGTH = 1000;
const MINUTE = 60_000;

/**
 * Whether a bid still counts (decision 009): its acceptance deadline has not passed, its
 * bidder's account still exists and the seller has not rejected it (avslag, decision 034). A lapsed or
 * rejected bid binds no one, so it is not the highest, sets no floor and cannot be chosen. The deadline is
 * exclusive: at the very moment it passes, the bid has lapsed.
 */
export function isBidLive(
  bid: { bidDeadline: Date | string | null; bidderDeleted?: boolean; isRejected?: boolean },
  now: Date,
): boolean {
  if (bid.bidderDeleted || bid.isRejected) return false;
  return bid.bidDeadline === null || new Date(bid.bidDeadline).getTime() > now.getTime();
}

/**
 * The moment at which a round's bids are judged live or lapsed: now while bidding is open, and the moment
 * bidding ended once it has (the round's close, or its deadline if that came first). A won round's bids do
 * not lapse afterwards: the winning bid was live when it was accepted, and stays so.
 */
export function liveBidsAt(
  round: { closedAt: Date | string | null; deadline: Date | string },
  now: Date,
): Date {
  const ended = round.closedAt ? new Date(round.closedAt) : now;
  const deadline = new Date(round.deadline);
  return ended < deadline ? ended : deadline;
}

/** The smallest amount the next bid may have: the starting price, or one krone over the highest live bid. */
export function minimumNextBid(startingPrice: number, highestBid: number | null): number {
  return highestBid === null ? startingPrice : Math.max(startingPrice, highestBid + 1);
}

/** Why an amount cannot be bid, or null when it can. The server decides again under the round's lock. */
export function amountProblem(
  amount: number,
  startingPrice: number,
  highestBid: number | null,
): string | null {
  if (!Number.isInteger(amount) || amount < 1) return 'Beløp må være større enn 0';
  if (amount > MAX_AMOUNT) return 'Beløpet kan ikke være høyere enn 10 000 000 000 kr';
  if (amount < startingPrice) return 'Budet må være minst like høyt som startprisen';
  if (highestBid !== null && amount <= highestBid) return 'Budet må være høyere enn det høyeste budet';
  return null;
}

/** The earliest acceptance deadline: 30 minutes from now, and never before the round's shortest deadline. */
export function earliestBidDeadline(now: Date, minimumBidDeadline: Date | null): Date {
  const soonest = new Date(now.getTime() + MIN_ACCEPTANCE_MINUTES * MINUTE);
  return minimumBidDeadline && minimumBidDeadline > soonest ? minimumBidDeadline : soonest;
}

/** Why an acceptance deadline cannot be used, or null. */
export function bidDeadlineProblem(
  deadline: Date,
  now: Date,
  minimumBidDeadline: Date | null,
): string | null {
  if (deadline.getTime() < now.getTime() + MIN_ACCEPTANCE_MINUTES * MINUTE) {
    return 'Akseptfrist må være minst 30 minutter frem i tid';
  }
  if (minimumBidDeadline && deadline < minimumBidDeadline) {
    return 'Akseptfristen kan ikke være før korteste akseptfrist for budrunden';
  }
  return null;
}

/** 'Budgiver A', 'Budgiver B' … 'Budgiver Z', 'Budgiver AA' …: per round, in order of first bid. */
export function bidderPseudonym(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Budgiver ${letters}`;
}
