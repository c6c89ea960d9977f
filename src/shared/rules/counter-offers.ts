/**
 * The seller's counter-offer (motbud, decision 035): a written offer to one bidder, at a higher amount than
 * their bid, with its own deadline. Pure rules: the server judges them again under the round's lock.
 */

/** A counter-offer must give its bidder at least this long to answer. */
export const MIN_COUNTER_OFFER_MINUTES = 30;
const MINUTE = 60_000;

/** What a counter-offer can be: 'lapsed' is an open one whose deadline passed (on the database clock). */
export const COUNTER_OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'lapsed'] as const;
export type CounterOfferStatus = (typeof COUNTER_OFFER_STATUSES)[number];

/** Why an amount cannot be offered in answer to a bid, or null. */
export function counterOfferAmountProblem(amount: number, bidAmount: number): string | null {
  return amount > bidAmount ? null : 'Motbudet må være høyere enn budet';
}

/** Why a counter-offer's deadline cannot be used, or null. */
export function counterOfferDeadlineProblem(deadline: Date, now: Date, roundDeadline: Date): string | null {
  if (deadline.getTime() < now.getTime() + MIN_COUNTER_OFFER_MINUTES * MINUTE)
    return 'Fristen for motbudet må være minst 30 minutter frem i tid';
  if (deadline > roundDeadline) return 'Fristen for motbudet kan ikke være etter budfristen for budrunden';
  return null;
}

/** The status as a reader sees it: an open counter-offer whose deadline has passed has lapsed. */
export function effectiveCounterOfferStatus(
  stored: CounterOfferStatus,
  deadline: Date | string,
  now: Date,
): CounterOfferStatus {
  return stored === 'open' && new Date(deadline).getTime() <= now.getTime() ? 'lapsed' : stored;
}

/** The status in Norwegian, as the lists, the journal and the CSV show it. */
export const COUNTER_OFFER_STATUS_TEXT: Record<CounterOfferStatus, string> = {
  open: 'Venter på svar',
  accepted: 'Akseptert',
  declined: 'Avslått av budgiver',
  withdrawn: 'Trukket',
  lapsed: 'Utløpt',
};
