import type { CloseReason } from './bid-round';

/**
 * One bid in a bid journal (budjournal), as its reader may see it. For a bidder, other bidders are
 * pseudonyms and their personal fields are null; the owner and admins see everything.
 */
export interface JournalEntry {
  userId: string | null;
  isOwnBid: boolean;
  isHighestBid: boolean;
  /** The bid the owner accepted ('Vinner'). */
  isWinner: boolean;
  /** The acceptance deadline had passed when the round ended ('Utløpt'): the bid bound no one by then. */
  isExpired: boolean;
  bidderName: string;
  bidderEmail: string | null;
  bidderPhone: string | null;
  bidderAddress: string | null;
  bankName: string | null;
  bankContactName: string | null;
  bankContactPhone: string | null;
  conditions: string | null;
  bidDeadline: string | null;
  amount: number;
  /** When the server received the bid. */
  createdAt: string;
}

/** GET /api/user/bid-journals */
export interface JournalView {
  id: string;
  createdAt: string;
  bidRound: {
    id: string;
    closedAt: string | null;
    closeReason: CloseReason | null;
    /** When the winning bid was accepted, if one was. */
    acceptedAt: string | null;
    startingPrice: number;
    property: { title: string; address: string; imageUrl: string | null };
  };
  /** Highest first. */
  journalData: JournalEntry[];
  /** The reader owns the property, so the journal is complete and may be exported as CSV. */
  isOwnerCopy: boolean;
}

/** PUT /api/bid-rounds/{id}/close */
export interface CloseRoundResult {
  message: string;
  bids: JournalEntry[];
}

/** PUT /api/bid-rounds/{id}/select-winner/{bidId} */
export interface SelectWinnerResult {
  message: string;
  winner: { bidderName: string; amount: number };
}
