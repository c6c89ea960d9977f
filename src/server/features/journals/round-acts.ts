import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { JournalAct } from '../../../shared/schemas/journal';
import type { BidWithBidder } from '../bids/bid-views';
import type { CounterOfferRow } from '../counter-offers/counter-offer-records';
import { journalActs } from './journal-acts';
import { journalCounterOffersOf, journalEntriesOf } from './journal-builder';

/** What the live record needs of a round: whether, when and how it ended. */
export interface LiveRound {
  closedAt: Date | null;
  closeReason: CloseReason | null;
  winningBidId: string | null;
}

/**
 * A round's acts from its live rows, as the owner's copy of its journal names them (decision 036):
 * built by the same entries, counter-offer views and act builder as the journal, so the
 * admin's view and the journals agree. An open round has its acts so far, judged at `now` (a counter-offer
 * past its deadline has lapsed); a closed one also its acceptance and close.
 */
export function liveRoundActs(
  round: LiveRound,
  bidsInOrder: BidWithBidder[],
  counterOffers: CounterOfferRow[],
  readerId: string,
  now: Date,
): JournalAct[] {
  const at = round.closedAt ?? now;
  const entries = journalEntriesOf(
    { biddingEndedAt: at, winningBidId: round.winningBidId },
    bidsInOrder,
    readerId,
    true,
  );
  const offers = journalCounterOffersOf(counterOffers, bidsInOrder, readerId, true, at);
  const close =
    round.closedAt && round.closeReason
      ? { closedAt: round.closedAt.toISOString(), closeReason: round.closeReason }
      : null;
  return journalActs(entries, offers, close);
}
