import { roundChangeText } from '../../../shared/format/round-change';
import type { RoundChangeValue, RoundEditKind } from '../../../shared/rules/round-edits';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import type { JournalAct, JournalChange, JournalEntry } from '../../../shared/schemas/journal';
import {
  type BidWithBidder,
  bidderDetails,
  bidderVerification,
  bidPlan,
  bindsViewer,
  buyerView,
  conditionItemViews,
  DELETED_BIDDER,
  highestLiveAmount,
  isRowLive,
  pseudonymsByBidder,
} from '../bids/bid-views';
import { type CounterOfferRow, toCounterOfferViews } from '../counter-offers/counter-offer-views';
import {
  type ActClose,
  type CounterOfferSignatures,
  type EntrySignatures,
  journalActs,
} from './journal-acts';
import { journalAnswersOf, namedAnswers, type StoredAnswer } from './journal-answers';

/** What a bid_journals row holds. Entries keep the bidder's id so a deleted account can be scrubbed later. */
export interface StoredJournal {
  version: 1;
  isOwnerCopy: boolean;
  closedAt: string;
  /** When bidding ended: the close, or the round's deadline if that came first. Absent in older journals. */
  biddingEndedAt?: string;
  closeReason: CloseReason;
  acceptedAt: string | null;
  startingPrice: number;
  property: { title: string; address: string; imageUrl: string | null };
  entries: StoredEntry[];
  /**
   * The seller's counter-offers as this reader may see them (decision 035), in the order made, with the
   * recipient's id kept for scrubbing. Absent in journals written before counter-offers existed.
   */
  counterOffers?: StoredCounterOffer[];
  /**
   * The changes to the listing made while live bids stood (decision 046), oldest first. Absent in journals
   * written before the change log existed, which read as none.
   */
  changes?: StoredChange[];
  /** 'Byr ikke mer' answers (decision 066), absent in journals written before them. */
  answers?: StoredAnswer[];
}

/** A change as stored: its old and new value where it kept them (decision 054), absent in older journals. */
export interface StoredChange {
  at: string;
  kind: RoundEditKind;
  oldValue?: RoundChangeValue;
  newValue?: RoundChangeValue;
}

/** A counter-offer as stored, with whether it and its acceptance were signed (absent in older journals). */
export type StoredCounterOffer = CounterOfferView & { subjectId: string } & CounterOfferSignatures;

/**
 * An entry as stored: 'Utløpt' and 'Avslått' are worked out on reading. The plan, and the rejection's time
 * and message, are absent in journals written before they existed (decisions 033 and 034), which read as
 * none.
 */
export type StoredEntry = Omit<
  JournalEntry,
  | 'isExpired'
  | 'isRejected'
  | 'rejectedAt'
  | 'rejectionMessage'
  | 'financing'
  | 'takeoverDate'
  | 'isSigned'
  | 'bidderIdentityVerified'
  | 'buyerCapacity'
  | 'company'
  | 'coBidders'
> &
  Partial<
    Pick<
      JournalEntry,
      'financing' | 'takeoverDate' | 'isSigned' | 'bidderIdentityVerified' | 'buyerCapacity' | 'company'
    >
  > & {
    subjectId: string;
    /** The group's other members, each with their id for scrubbing (decision 065). */
    coBidders?: (JournalEntry['coBidders'][number] & { subjectId: string })[];
    rejectedAt?: string | null;
    rejectionMessage?: string | null;
  } & Pick<EntrySignatures, 'isRejectionSigned' | 'isWinnerSigned'>;

export interface JournalRound {
  closedAt: Date;
  /** Bids are judged live or lapsed at this moment (liveBidsAt). */
  biddingEndedAt: Date;
  closeReason: CloseReason;
  winningBidId: string | null;
  startingPrice: number;
  property: { title: string; address: string; imageUrl: string | null };
  /** Every 'Byr ikke mer' answer of the round, by the person who gave it (decision 066). */
  doneAnswers?: { userId: string; at: Date }[];
  /** The changes made while live bids stood: every reader's copy lists them, as the round page did. */
  changes?: { at: Date; kind: RoundEditKind; oldValue?: RoundChangeValue; newValue?: RoundChangeValue }[];
}

/**
 * The entries of one reader's journal (forskriften § 3-5): every bid with time received, amount, conditions
 * and acceptance deadline, highest first. The owner's copy names every bidder; a bidder's names only them.
 */
export function journalEntriesOf(
  round: Pick<JournalRound, 'biddingEndedAt' | 'winningBidId'>,
  bidsInOrder: BidWithBidder[],
  readerId: string,
  isOwnerCopy: boolean,
): StoredEntry[] {
  const names = pseudonymsByBidder(bidsInOrder);
  // Only a bid that still bound its bidder when bidding ended was the highest.
  const top = highestLiveAmount(bidsInOrder, round.biddingEndedAt);
  return [...bidsInOrder]
    .sort((a, b) => b.amount - a.amount || a.createdAt.getTime() - b.createdAt.getTime())
    .map((b) => {
      const own = bindsViewer(b, readerId);
      const identified = isOwnerCopy || own;
      const person = bidderDetails(b.user);
      const fullName = b.user.deletedAt ? DELETED_BIDDER : `${person.firstName} ${person.lastName}`;
      return {
        subjectId: b.userId,
        userId: identified ? b.userId : null,
        isOwnBid: own,
        isHighestBid: isRowLive(b, round.biddingEndedAt) && b.amount === top,
        isWinner: b.id === round.winningBidId,
        bidderName: own && !isOwnerCopy ? 'Du' : identified ? fullName : (names.get(b.userId) ?? ''),
        bidderIdentityVerified: identified ? bidderVerification(b.user).bidderIdentityVerified : null,
        bidderEmail: identified ? person.email || null : null,
        bidderPhone: identified ? person.phone : null,
        bidderAddress: identified ? person.address : null,
        bankName: identified ? person.bankName : null,
        bankContactName: identified ? person.bankContactName : null,
        bankContactPhone: identified ? person.bankContactPhone : null,
        conditions: b.conditions,
        conditionItems: conditionItemViews(b.conditionRows, round.biddingEndedAt),
        bidDeadline: b.bidDeadline?.toISOString() ?? null,
        // How a bidder pays and when they would move in: the owner's copy, and the bidder's own bids.
        ...(identified ? bidPlan(b) : { financing: null, takeoverDate: null }),
        amount: b.amount,
        createdAt: b.createdAt.toISOString(),
        rejectedAt: b.rejectedAt?.toISOString() ?? null,
        // The seller's words with a rejection: for the owner's copy and the rejected bidder's own.
        rejectionMessage: isOwnerCopy || own ? b.rejectionMessage : null,
        // A bid placed by a signed acceptance counts as signed (decision 059), as do the seller's signed answers.
        isSigned: b.isSigned,
        isRejectionSigned: b.isRejectionSigned,
        isWinnerSigned: b.isWinnerSigned,
        ...(identified ? buyerOfEntry(b) : {}),
      };
    });
}

/** Who buys, as the owner's copy and the bidders' own bids keep it (decision 065). */
function buyerOfEntry(b: BidWithBidder): Pick<StoredEntry, 'buyerCapacity' | 'company' | 'coBidders'> {
  const { buyerCapacity, company } = buyerView(b);
  return {
    buyerCapacity,
    company,
    coBidders: b.coBidders.map((p) => ({
      subjectId: p.id,
      name: p.deletedAt ? DELETED_BIDDER : `${p.firstName} ${p.lastName}`.trim(),
      email: p.deletedAt ? null : p.email,
      phone: p.deletedAt ? null : p.phone,
    })),
  };
}

/** The round's counter-offers as one reader may see them at `now`, with each recipient's id for scrubbing. */
export function journalCounterOffersOf(
  rows: CounterOfferRow[],
  bidsInOrder: BidWithBidder[],
  readerId: string,
  isOwnerCopy: boolean,
  now: Date,
): StoredCounterOffer[] {
  return toCounterOfferViews(rows, bidsInOrder, { viewerId: readerId, seesRecipients: isOwnerCopy, now }).map(
    (view, i) => ({
      ...view,
      subjectId: rows[i]?.recipientId ?? '',
      isSigned: rows[i]?.isSigned ?? false,
      isAcceptanceSigned: rows[i]?.isAcceptanceSigned ?? false,
    }),
  );
}

/** One journal for one reader, written as the round closes. */
export function buildJournal(
  round: JournalRound,
  bidsInOrder: BidWithBidder[],
  readerId: string,
  isOwnerCopy: boolean,
  counterOfferRows: CounterOfferRow[] = [],
): StoredJournal {
  return {
    version: 1,
    isOwnerCopy,
    closedAt: round.closedAt.toISOString(),
    biddingEndedAt: round.biddingEndedAt.toISOString(),
    closeReason: round.closeReason,
    acceptedAt: round.winningBidId ? round.closedAt.toISOString() : null,
    startingPrice: round.startingPrice,
    property: round.property,
    entries: journalEntriesOf(round, bidsInOrder, readerId, isOwnerCopy),
    counterOffers: journalCounterOffersOf(
      counterOfferRows,
      bidsInOrder,
      readerId,
      isOwnerCopy,
      round.closedAt,
    ),
    changes: (round.changes ?? []).map(({ at, ...change }) => ({ at: at.toISOString(), ...change })),
    answers: journalAnswersOf(round.doneAnswers ?? [], bidsInOrder, readerId, isOwnerCopy),
  };
}

/**
 * 'Endringer mens bud sto', each with the sentence the round page shows: from its old to its new value where
 * the change kept them (decision 054), else what changed.
 */
export function toJournalChanges(journal: StoredJournal): JournalChange[] {
  return (journal.changes ?? []).map((c) => ({
    at: c.at,
    kind: c.kind,
    text: roundChangeText(c),
    ...(c.oldValue !== undefined && c.newValue !== undefined
      ? { oldValue: c.oldValue, newValue: c.newValue }
      : {}),
  }));
}

/**
 * What the API returns: the entries without the internal subject id, each marked 'Utløpt' when its
 * acceptance deadline had passed as the round ended, and 'Avslått' when the seller rejected it. Computed on
 * reading, so journals written before the marks existed show them too.
 */
export function toJournalEntries(journal: StoredJournal): JournalEntry[] {
  return toRecordEntries(journal).map(
    ({ isRejectionSigned: _rejection, isWinnerSigned: _winner, ...entry }) => entry,
  );
}

/**
 * The entries as the record's builders read them: toJournalEntries' view with whether the seller signed
 * their rejection and their choice of the bid (decision 059), which the acts show and the entry does not.
 */
export function toRecordEntries(journal: StoredJournal): (JournalEntry & EntrySignatures)[] {
  const endedAt = new Date(journal.biddingEndedAt ?? journal.closedAt);
  return journal.entries.map(
    ({ subjectId: _subject, rejectedAt, rejectionMessage, coBidders, ...entry }) => ({
      ...entry,
      // Journals written before groups and companies (decision 065) say nothing of who buys.
      buyerCapacity: entry.buyerCapacity ?? null,
      company: entry.company ?? null,
      coBidders: (coBidders ?? []).map(({ subjectId: _id, ...person }) => person),
      // Journals written before identities (decision 064) say nothing of them.
      bidderIdentityVerified: entry.bidderIdentityVerified ?? null,
      // Journals written before bids had plans hold neither field.
      financing: entry.financing ?? null,
      takeoverDate: entry.takeoverDate ?? null,
      isExpired: entry.bidDeadline !== null && new Date(entry.bidDeadline) <= endedAt,
      isRejected: Boolean(rejectedAt),
      rejectedAt: rejectedAt ?? null,
      rejectionMessage: rejectionMessage ?? null,
      // Journals written before signing existed (decision 039) read as unsigned.
      isSigned: entry.isSigned ?? false,
      isRejectionSigned: entry.isRejectionSigned ?? false,
      isWinnerSigned: entry.isWinnerSigned ?? false,
    }),
  );
}

/** How a stored journal's round ended: its close act, and its deletion if the round was deleted since. */
export const closeOf = (journal: StoredJournal, roundDeletedAt: Date | null = null): ActClose => ({
  closedAt: journal.closedAt,
  closeReason: journal.closeReason,
  deletedAt: roundDeletedAt?.toISOString() ?? null,
  answers: namedAnswers(journal.answers, journal.entries),
});

/**
 * Every act of the round in time order, as this journal's reader may see them (decision 036). A journal
 * written before counter-offers existed has none, and reads as bids, rejections and the close.
 */
export function toJournalActs(journal: StoredJournal, roundDeletedAt: Date | null = null): JournalAct[] {
  return journalActs(journal.entries, journal.counterOffers ?? [], closeOf(journal, roundDeletedAt));
}
