import type { CloseReason } from '../schemas/bid-round';

/**
 * What a budjournal records (decision 036; forskrift om eiendomsmegling § 6-3): every act of a round in
 * the order it happened. The kinds are Norwegian words because they are what the journal, the screens and
 * the CSV's 'Hendelse' column say. Decision 036.
 */
export const JOURNAL_ACT_KINDS = [
  /** A bidder's bid, when the server received it. */
  'Bud',
  /** The seller rejected a bid (avslag), with the seller's words where the reader may read them. */
  'Avslag',
  /** The seller's counter-offer to one bidder, with its amount, deadline and (for those who may) conditions. */
  'Motbud',
  /** A bidder waived one of their bid's conditions (decision 066; § 3-5), at its time. */
  'Forbehold frafalt',
  /** A condition's deadline passed without a waiver: 'Forbeholdet gikk ut {tid}'. */
  'Forbehold gikk ut',
  /** A bidder answered that they bid no more on the highest bid then (decision 066). */
  'Byr ikke mer',
  /** The bidder accepted the counter-offer: binding for both, and the round is decided by it. */
  'Motbud akseptert',
  /** The bidder declined the counter-offer. */
  'Motbud avslått',
  /** The seller withdrew it, or a newer one to the same bidder replaced it, or the round ended first. */
  'Motbud trukket',
  /** Its deadline passed unanswered. */
  'Motbud utløpt',
  /** The seller accepted a bid ('Velg som vinner'). */
  'Vinner valgt',
  /** The round ended; the message says how. */
  'Budrunden lukket',
  /** An administrator deleted the round after it had ended; its journals are kept (decision 042). */
  'Budrunden slettet',
] as const;
export type JournalActKind = (typeof JOURNAL_ACT_KINDS)[number];

/** How a round ended, in the words the journal uses (its close act's message, the journal's facts). */
export const CLOSE_REASON_TEXT: Record<CloseReason, string> = {
  winner: 'Vinner valgt',
  closed: 'Lukket av selger eller administrator',
  deadline: 'Budfristen utløp',
  'owner-deleted': 'Selgeren slettet kontoen sin',
  'counter-offer': 'Motbud akseptert',
  deleted: 'Budrunden ble slettet av en administrator',
};

/** The mark on every journal of a deleted round (decision 042), followed by when. */
export const ROUND_DELETED_TEXT = 'Budrunden er slettet av en administrator';
