import { conditionStateText, conditionText } from '../../../shared/rules/conditions';
import {
  CLOSE_REASON_TEXT,
  type JournalActKind,
  ROUND_DELETED_TEXT,
} from '../../../shared/rules/journal-acts';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import type { JournalAct, JournalEntry } from '../../../shared/schemas/journal';

// The record of every act (decision 036). Pure: the journal's JSON view, its CSV and the
// admin's round view all build their acts here, from what the reader may already see (the entries and the
// counter-offers of their copy), so they cannot disagree and no act names more than its sources do.

/**
 * Which of a bid's acts were signed with a passkey (decision 059): the bid itself (or the acceptance that
 * placed it), the seller's rejection of it, and the seller's choice of it as the winner. Journals written
 * before a mark existed lack it, and read as unsigned.
 */
export interface EntrySignatures {
  isSigned?: boolean;
  isRejectionSigned?: boolean;
  isWinnerSigned?: boolean;
}

/** What an act needs of a bid: the journal's entry (stored or as read; older ones lack the rejection). */
export type ActEntry = Pick<
  JournalEntry,
  'bidderName' | 'amount' | 'conditions' | 'conditionItems' | 'bidDeadline' | 'createdAt' | 'isWinner'
> & { rejectedAt?: string | null; rejectionMessage?: string | null } & EntrySignatures;

/** Whether the seller signed a counter-offer, and its recipient the acceptance (decision 059). */
export interface CounterOfferSignatures {
  isSigned?: boolean;
  isAcceptanceSigned?: boolean;
}

/** What an act needs of a counter-offer: its view as the reader may see it. */
export type ActCounterOffer = Pick<
  CounterOfferView,
  'recipientLabel' | 'amount' | 'deadline' | 'conditions' | 'status' | 'createdAt' | 'answeredAt'
> &
  CounterOfferSignatures;

/** How and when the round ended; null while it is open. */
export interface ActClose {
  closedAt: string;
  closeReason: CloseReason;
  /** When an administrator deleted the round, which kept this journal (decision 042). */
  deletedAt?: string | null;
  /** 'Byr ikke mer' answers given before the close, named as the reader's copy names them (decision 066). */
  answers?: { at: string; party: string | null }[];
}

/** An act with what it was made from, for the CSV, whose rows carry more of the bid than an act does. */
export interface RecordedAct<E extends ActEntry> {
  act: JournalAct;
  entry: E | null;
  counterOffer: ActCounterOffer | null;
}

const OUTCOME: Record<Exclude<CounterOfferView['status'], 'open'>, JournalActKind> = {
  accepted: 'Motbud akseptert',
  declined: 'Motbud avslått',
  withdrawn: 'Motbud trukket',
  lapsed: 'Motbud utløpt',
};

/**
 * At one instant, the order acts happen in: a bid before its rejection; a counter-offer's end before the
 * next one it made room for; the acceptance before the close it causes.
 */
const RANK: Record<JournalActKind, number> = {
  Bud: 0,
  Avslag: 1,
  'Forbehold frafalt': 1,
  'Forbehold gikk ut': 1,
  'Byr ikke mer': 1,
  'Motbud avslått': 2,
  'Motbud trukket': 2,
  'Motbud utløpt': 2,
  Motbud: 3,
  'Motbud akseptert': 4,
  'Vinner valgt': 4,
  'Budrunden lukket': 5,
  'Budrunden slettet': 6,
};

const act = (fields: Partial<JournalAct> & Pick<JournalAct, 'at' | 'kind'>): JournalAct => ({
  party: null,
  amount: null,
  deadline: null,
  conditions: null,
  message: null,
  isSigned: null,
  ...fields,
});

/** Why a counter-offer was withdrawn without the seller's own withdrawal, when the record shows it. */
function withdrawalReason(
  offer: ActCounterOffer,
  offers: ActCounterOffer[],
  close: ActClose | null,
): string | null {
  if (offer.status !== 'withdrawn' || !offer.answeredAt) return null;
  if (close && Date.parse(offer.answeredAt) === Date.parse(close.closedAt)) return 'Budrunden ble avsluttet';
  const replaced = offers.some(
    (o) => o !== offer && o.recipientLabel === offer.recipientLabel && o.createdAt === offer.answeredAt,
  );
  return replaced ? 'Erstattet av et nytt motbud' : null;
}

function counterOfferActs(offers: ActCounterOffer[], close: ActClose | null): RecordedAct<never>[] {
  return offers.flatMap((offer) => {
    const about = {
      party: offer.recipientLabel,
      amount: offer.amount,
      deadline: offer.deadline,
      conditions: offer.conditions,
    };
    const made: RecordedAct<never> = {
      act: act({ at: offer.createdAt, kind: 'Motbud', ...about, isSigned: offer.isSigned === true }),
      entry: null,
      counterOffer: offer,
    };
    if (offer.status === 'open' || !offer.answeredAt) return [made];
    const message = withdrawalReason(offer, offers, close);
    // Of a counter-offer's ends only the acceptance binds, and so only it is signed (decision 041).
    const isSigned = offer.status === 'accepted' ? offer.isAcceptanceSigned === true : null;
    const ended = act({ at: offer.answeredAt, kind: OUTCOME[offer.status], ...about, message, isSigned });
    return [made, { act: ended, entry: null, counterOffer: offer }];
  });
}

/**
 * Every act of a round in time order, each with its source. The bid an accepted counter-offer became is
 * not listed as a 'Bud' of its own: its 'Motbud akseptert' is that act, at that moment, at that amount.
 */
export function recordActs<E extends ActEntry>(
  entries: E[],
  counterOffers: ActCounterOffer[] = [],
  close: ActClose | null = null,
): RecordedAct<E>[] {
  const acceptedOffer = counterOffers.some((o) => o.status === 'accepted');
  const acts: RecordedAct<E>[] = [];
  for (const e of entries) {
    const party = e.bidderName;
    const becameByAcceptance = acceptedOffer && e.isWinner && close?.closeReason === 'counter-offer';
    if (!becameByAcceptance)
      acts.push({
        act: act({
          at: e.createdAt,
          kind: 'Bud',
          party,
          amount: e.amount,
          deadline: e.bidDeadline,
          conditions: e.conditions,
          isSigned: e.isSigned === true,
        }),
        entry: e,
        counterOffer: null,
      });
    if (e.rejectedAt)
      acts.push({
        act: act({
          at: e.rejectedAt,
          kind: 'Avslag',
          party,
          amount: e.amount,
          message: e.rejectionMessage ?? null,
          isSigned: e.isRejectionSigned === true,
        }),
        entry: e,
        counterOffer: null,
      });
    for (const c of e.conditionItems ?? []) {
      const about = { party, amount: e.amount, conditions: conditionText(c) };
      if (c.waivedAt)
        acts.push({
          act: act({ at: c.waivedAt, kind: 'Forbehold frafalt', ...about }),
          entry: e,
          counterOffer: null,
        });
      if (c.lapsedAt)
        acts.push({
          act: act({ at: c.lapsedAt, kind: 'Forbehold gikk ut', ...about, message: conditionStateText(c) }),
          entry: e,
          counterOffer: null,
        });
    }
    if (e.isWinner && close?.closeReason === 'winner')
      acts.push({
        act: act({
          at: close.closedAt,
          kind: 'Vinner valgt',
          party,
          amount: e.amount,
          isSigned: e.isWinnerSigned === true,
        }),
        entry: e,
        counterOffer: null,
      });
  }
  acts.push(...counterOfferActs(counterOffers, close));
  for (const answer of close?.answers ?? [])
    acts.push({
      act: act({ at: answer.at, kind: 'Byr ikke mer', party: answer.party }),
      entry: null,
      counterOffer: null,
    });
  if (close)
    acts.push({
      act: act({
        at: close.closedAt,
        kind: 'Budrunden lukket',
        message: CLOSE_REASON_TEXT[close.closeReason],
      }),
      entry: null,
      counterOffer: null,
    });
  // A round deleted while open was closed by the deletion, and that close says so; one deleted after it had
  // ended gets the deletion as its last act.
  if (close?.deletedAt && close.closeReason !== 'deleted')
    acts.push({
      act: act({ at: close.deletedAt, kind: 'Budrunden slettet', message: ROUND_DELETED_TEXT }),
      entry: null,
      counterOffer: null,
    });
  // A stable sort: acts of one rank at one moment keep the journal's order.
  return acts.sort(
    (a, b) => Date.parse(a.act.at) - Date.parse(b.act.at) || RANK[a.act.kind] - RANK[b.act.kind],
  );
}

/**
 * Whether an act was signed with a passkey (decisions 039, 041, 059): true or false on every binding act (a
 * bid, a rejection, a counter-offer, its acceptance, the winner's choice), null on the acts nothing signs (a
 * counter-offer declined, withdrawn or lapsed, the close, the deletion). A journal written before a mark
 * existed reads as unsigned.
 */
export function actSigned<E extends ActEntry>({ act }: RecordedAct<E>): boolean | null {
  return act.isSigned;
}

/** Every act of a round in time order, as the reader of these entries and counter-offers may see them. */
export function journalActs(
  entries: ActEntry[],
  counterOffers: ActCounterOffer[] = [],
  close: ActClose | null = null,
): JournalAct[] {
  return recordActs(entries, counterOffers, close).map((r) => r.act);
}
