import type { BidWithBidder } from '../bids/bid-views';

// 'Byr ikke mer' in the budjournal (decision 066): a bidder's answer that they bid no more, at its time. Kept
// by the bidder party's id, and named on reading by the reader's own entries, so that a deleted account's
// answer reads 'Slettet bruker' as its bids do and a bidder's copy names only their own.

export interface StoredAnswer {
  at: string;
  /** The bidder party the answer was given for (bids.user_id). */
  subjectId: string;
}

/** The answers for one reader's copy: every one in the owner's, only their own party's in a bidder's. */
export function journalAnswersOf(
  answers: { userId: string; at: Date }[],
  bidsInOrder: BidWithBidder[],
  readerId: string,
  isOwnerCopy: boolean,
): StoredAnswer[] {
  const partyOf = (person: string) =>
    bidsInOrder.find((b) => b.userId === person || b.placedBy === person || b.coBidderIds.includes(person))
      ?.userId;
  const readerParty = partyOf(readerId);
  return answers.flatMap(({ userId, at }) => {
    const party = partyOf(userId);
    if (!party || (!isOwnerCopy && party !== readerParty)) return [];
    return [{ at: at.toISOString(), subjectId: party }];
  });
}

/** The answers with the party named as the reader's copy names them. */
export function namedAnswers(
  answers: StoredAnswer[] | undefined,
  entries: { subjectId: string; bidderName: string }[],
) {
  return (answers ?? []).map((a) => ({
    at: a.at,
    party: entries.find((e) => e.subjectId === a.subjectId)?.bidderName ?? null,
  }));
}
