import { formatShortDateTime } from '../../../shared/format/date';
import { BUYER_CAPACITY_LABELS, companySigner } from '../../../shared/rules/buyers';
import { conditionsWithStates } from '../../../shared/rules/conditions';
import { COUNTER_OFFER_STATUS_TEXT } from '../../../shared/rules/counter-offers';
import { identityText } from '../../../shared/rules/identity';
import type { JournalChange, JournalEntry } from '../../../shared/schemas/journal';
import { type ActClose, type ActCounterOffer, actSigned, type RecordedAct, recordActs } from './journal-acts';

/** Fields that older entries, and entries of bids without them, may not have. */
type OptionalFields =
  | 'financing'
  | 'takeoverDate'
  | 'isRejected'
  | 'rejectedAt'
  | 'rejectionMessage'
  | 'isSigned'
  | 'bidderIdentityVerified'
  | 'buyerCapacity'
  | 'company'
  | 'coBidders';
/**
 * An entry as the CSV reads it: one without a plan or takeover day leaves those cells empty, and one
 * without the rejection's fields is a bid never rejected.
 */
export type CsvEntry = Omit<JournalEntry, OptionalFields> & Partial<Pick<JournalEntry, OptionalFields>>;

const HEADERS = [
  'Budgiver',
  'Status',
  'Beløp (kr)',
  'Forbehold',
  'Akseptfrist',
  // When the bid was received, or, on any other act's row, when that act happened.
  'Mottatt',
  'E-post',
  'Telefon',
  'Adresse',
  'Bank',
  'Kontaktperson i banken',
  'Telefon til bankkontakt',
  // What each row records (decision 036): 'Bud', 'Avslag', 'Motbud' …, and the words with it.
  'Hendelse',
  'Melding',
  // After the columns that were there first, so a sheet built on the old columns still reads them.
  'Egenkapital (kr)',
  'Lån (kr)',
  'Långiver',
  'Ønsket overtakelse',
  // Decisions 039 and 059: 'Ja' or 'Nei' on a binding act's row (a bid, a rejection, a counter-offer, its
  // acceptance, the winner's choice), whether its party signed it with a passkey; empty on acts nothing signs. Last, so every column before it keeps its place (decisions 034, 036).
  'Signert',
  // Decision 064: on a bidder's rows, 'ID bekreftet med BankID' or 'ID ikke bekreftet'; after 'Signert', so
  // every column before it keeps its place.
  'Identitet',
  // Decision 065: who buys, on a bid's rows: 'Forbruker' or 'Næringsdrivende', the company with its
  // org.nr. and the signer's role, and the group's other members the bid binds, with how to reach them.
  'Byr som',
  'Selskap',
  'Medbudgivere',
];

// A cell that starts like a formula would run in Excel; a leading apostrophe makes it plain text.
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV cell, quoted when it must be and never a formula; the viewing list's CSV writes its cells so too. */
export function cell(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutralise(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** 'YYYY-MM-DD' as '01.03.2027'. */
function osloDayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

type Row = (string | number | null)[];

function status(e: CsvEntry): string {
  if (e.isWinner) return 'Vinner';
  if (e.isHighestBid) return 'Høyeste bud';
  if (e.isRejected) return 'Avslått';
  return e.isExpired ? 'Utløpt' : '';
}

/** The columns that say who the bidder is: the same on a bid's row and on its rejection's. */
const bidderColumns = (e: CsvEntry): Row => [
  e.bidderEmail,
  e.bidderPhone,
  e.bidderAddress,
  e.bankName,
  e.bankContactName,
  e.bankContactPhone,
];

/** How the bidder pays and when they would move in: on the bid's row. */
const planColumns = (e: CsvEntry): Row => [
  e.financing?.equity ?? null,
  e.financing?.loan ?? null,
  e.financing?.lender ?? null,
  // A day, not an instant. Only the owner's copy is exported, where no date means 'Etter avtale'.
  e.takeoverDate ? osloDayText(e.takeoverDate) : 'Etter avtale',
];

const EMPTY_PLAN: Row = [null, null, null, null];
const NO_BIDDER: Row = [null, null, null, null, null, null];

/** One act's row: a bid's and its rejection's carry the bidder's details, a counter-offer's its own terms. */
function actCells({ act, entry, counterOffer }: RecordedAct<CsvEntry>): Row {
  const when = formatShortDateTime(act.at);
  const deadline = act.deadline ? formatShortDateTime(act.deadline) : null;
  const head = (state: string | null): Row => [act.party, state, act.amount];
  if (entry && act.kind === 'Bud')
    return [
      ...head(status(entry)),
      conditionsWithStates(entry),
      deadline,
      when,
      ...bidderColumns(entry),
      act.kind,
      null,
      ...planColumns(entry),
    ];
  if (entry) {
    const state = act.kind === 'Avslag' ? 'Avslått' : 'Vinner';
    return [...head(state), null, null, when, ...bidderColumns(entry), act.kind, act.message, ...EMPTY_PLAN];
  }
  if (counterOffer) {
    const state = COUNTER_OFFER_STATUS_TEXT[counterOffer.status];
    return [
      ...head(state),
      act.conditions,
      deadline,
      when,
      ...NO_BIDDER,
      act.kind,
      act.message,
      ...EMPTY_PLAN,
    ];
  }
  return [null, null, null, null, null, when, ...NO_BIDDER, act.kind, act.message, ...EMPTY_PLAN];
}

/** Who buys, on the rows of a bid: empty where the reader may not see it, and in older journals. */
function buyerColumns(e: CsvEntry | undefined): Row {
  if (!e) return [null, null, null];
  const capacity = e.buyerCapacity ? BUYER_CAPACITY_LABELS[e.buyerCapacity] : null;
  return [
    capacity && capacity[0]?.toUpperCase() + capacity.slice(1),
    e.company ? companySigner(e.bidderName, e.company.signerRole, e.company.name, e.company.orgNumber) : null,
    e.coBidders?.length
      ? e.coBidders.map((p) => [p.name, p.email, p.phone].filter(Boolean).join(', ')).join(' | ')
      : null,
  ];
}

function actRow(recorded: RecordedAct<CsvEntry>, provider: string): Row {
  const signed = actSigned(recorded);
  return [
    ...actCells(recorded),
    signed === null ? null : signed ? 'Ja' : 'Nei',
    recorded.entry ? identityText(recorded.entry.bidderIdentityVerified, provider) : null,
    ...buyerColumns(recorded.entry ?? undefined),
  ];
}

/** The 'Hendelse' of a change to the listing made while bids stood (decision 046). */
export const CHANGE_ROW_KIND = 'Endring i annonsen';

/** A change's row: its time, 'Endring i annonsen', and what changed in 'Melding'. */
function changeRow(change: JournalChange): Row {
  const when = formatShortDateTime(change.at);
  return [
    null,
    null,
    null,
    null,
    null,
    when,
    ...NO_BIDDER,
    CHANGE_ROW_KIND,
    change.text,
    ...EMPTY_PLAN,
    null,
    null,
    ...buyerColumns(undefined),
  ];
}

/**
 * Excel in Norway opens this directly: UTF-8 with BOM, semicolons, CRLF, times in Oslo. One row per act in
 * time order (forskriften § 6-3, decision 036), of the kind the 'Hendelse' column names: each bid
 * ('Bud', at the time received), each rejection ('Avslag', with the seller's message), each counter-offer
 * ('Motbud', its amount, conditions and deadline) and its end ('Motbud akseptert', 'Motbud avslått',
 * 'Motbud trukket', 'Motbud utløpt'), the winner's acceptance ('Vinner valgt') and the close ('Budrunden
 * lukket', how in 'Melding'). A journal kept after its round was deleted (decision 042) says so in its last
 * row: the close ('Budrunden ble slettet av en administrator') of a round deleted while open, else its own
 * 'Budrunden slettet'. The two columns that say so follow the columns that existed before, which keep their
 * places; 'Signert' comes last of all. Among the acts, in time order, each change to the listing made while
 * bids stood ('Endring i annonsen', what changed in 'Melding').
 */
export function journalToCsv(
  entries: CsvEntry[],
  counterOffers: ActCounterOffer[] = [],
  close: ActClose | null = null,
  changes: JournalChange[] = [],
  identityProvider = 'BankID',
): string {
  const timed = [
    ...recordActs(entries, counterOffers, close).map((r) => ({
      at: r.act.at,
      row: actRow(r, identityProvider),
    })),
    ...changes.map((c) => ({ at: c.at, row: changeRow(c) })),
  ];
  // A stable sort: the acts keep their own order, and a change comes after an act of the same instant.
  const rows = timed.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).map((t) => t.row);
  const lines = [HEADERS, ...rows].map((row) => row.map(cell).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
