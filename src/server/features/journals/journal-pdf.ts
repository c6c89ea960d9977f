import { financingText, takeoverText } from '../../../shared/format/bid-plan';
import { BUYER_CAPACITY_LABELS, companySigner, namesTogether } from '../../../shared/rules/buyers';
import { conditionsWithStates } from '../../../shared/rules/conditions';
import { COUNTER_OFFER_STATUS_TEXT } from '../../../shared/rules/counter-offers';
import { identityText } from '../../../shared/rules/identity';
import type { JournalAct, JournalChange, JournalEntry } from '../../../shared/schemas/journal';
import { a4Document, PDF_MARGIN } from './a4-document';
import type { RecordedAct } from './journal-acts';
import { drawFacts, type PdfFacts } from './journal-pdf-facts';
import {
  BOLD,
  type Column,
  contentWidth,
  drawable,
  drawTable,
  FONT,
  money,
  NONE,
  type Row,
  TABLE_SIZE,
  when,
} from './journal-pdf-tables';

// The budjournal as a PDF (decision 038): one reader's copy, as their journal dialog shows
// it, on A4 in bokmål. Pure apart from pdfkit: the service finds the copy, this draws it.

/** An act with its state in the round's record ('Avslått', 'Akseptert' …), where it has one. */
export interface PdfAct {
  act: JournalAct;
  state: string | null;
  /** A bid's: signed with a passkey or not (decision 039). Null or absent on acts nothing signs yet. */
  signed?: boolean | null;
}

/** The copy to print: the facts of the round, the bids highest first, and every act in time order. */
export interface PdfJournal extends PdfFacts {
  acts: PdfAct[];
  /** 'Endringer mens bud sto' (decision 046): a section only when there were any. */
  changes?: JournalChange[];
}

export interface PdfOptions {
  /** When the PDF was made: printed, and its CreationDate. */
  madeAt: Date;
  /** pdfkit compresses its content streams; off, the text can be read straight from the bytes. */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;

const MARGIN = PDF_MARGIN;
const FOOTER_GAP = 28;

/** The 'Signert' column: 'Ja' or 'Nei' for a binding act, '–' for an act nothing signs; the legend says so. */
const signedCell = (signed: boolean | null | undefined): string =>
  signed === true ? 'Ja' : signed === false ? 'Nei' : NONE;

/** The marks the journal dialog shows on a bid, in its order. */
function entryStates(e: JournalEntry): string {
  const marks = [
    e.isWinner && 'Vinner',
    e.isHighestBid && 'Høyeste bud',
    e.isOwnBid && 'Ditt bud',
    e.isExpired && !e.isRejected && 'Utløpt',
    e.isRejected && 'Avslått',
  ].filter((mark): mark is string => Boolean(mark));
  return marks.length ? marks.join(', ') : NONE;
}

/** An act's state as the CSV gives it: its bid's marks, 'Avslått', 'Vinner', or the counter-offer's end. */
export function actState({ act, entry, counterOffer }: RecordedAct<JournalEntry>): string | null {
  if (entry && act.kind === 'Bud') return entryStates(entry) === NONE ? null : entryStates(entry);
  if (entry) return act.kind === 'Avslag' ? 'Avslått' : 'Vinner';
  if (counterOffer) return COUNTER_OFFER_STATUS_TEXT[counterOffer.status];
  return null;
}

/** The owner's copy: who the bidder is and how they pay, in one compact line under the bid. */
function contactNote(e: JournalEntry, provider: string): string | null {
  const bank = [e.bankName, e.bankContactName, e.bankContactPhone].filter(Boolean).join(', ');
  const parts = [
    ...buyerParts(e),
    identityText(e.bidderIdentityVerified, provider),
    e.bidderEmail && `E-post: ${e.bidderEmail}`,
    e.bidderPhone && `Telefon: ${e.bidderPhone}`,
    e.bidderAddress && `Adresse: ${e.bidderAddress}`,
    bank && `Bank: ${bank}`,
    e.financing && `Finansiering: ${financingText(e.financing)}`,
    `Overtakelse: ${takeoverText(e.takeoverDate)}`,
  ].filter((part): part is string => Boolean(part));
  return parts.join('  ·  ');
}

/** Who buys (decision 065): the capacity, the company and its signer, the group's other members. */
function buyerParts(e: JournalEntry): string[] {
  const parts: string[] = [];
  if (e.buyerCapacity) parts.push(`Byr som ${BUYER_CAPACITY_LABELS[e.buyerCapacity]}`);
  if (e.company)
    parts.push(
      `For ${companySigner(e.bidderName, e.company.signerRole, e.company.name, e.company.orgNumber)}`,
    );
  if (e.coBidders.length)
    parts.push(
      `Sammen med ${namesTogether(e.coBidders.map((p) => [p.name, p.email, p.phone].filter(Boolean).join(', ')))}`,
    );
  return parts;
}

function heading(doc: Doc, text: string): void {
  doc.moveDown(0.8).font(BOLD).fontSize(13).text(drawable(text)).moveDown(0.3);
}

// 'Signert' comes last in both tables, so the columns a reader knew keep their order. A time is about 68 pt
// wide at this size, an amount about 50, and 'Signert' 34: the widths leave room for each and sum to A4's 495.
const SIGNED_COLUMN: Column = { header: 'Signert', width: 36 };

const BID_COLUMNS: Column[] = [
  { header: 'Budgiver', width: 95 },
  { header: 'Beløp', width: 66, align: 'right' },
  { header: 'Status', width: 70 },
  { header: 'Forbehold', width: 88 },
  { header: 'Akseptfrist', width: 70 },
  { header: 'Mottatt', width: 70 },
  SIGNED_COLUMN,
];

// What is signed today (decisions 039, 041, 059): a bid placed by accepting a counter-offer is signed by the
// signed acceptance, so the legend says so rather than leave a reader to wonder at its 'Ja'.
const SIGNED_LEGEND =
  'Signert: «Ja» betyr at budgiveren signerte budet med passnøkkel (Signert med passnøkkel); et bud som ' +
  'kom av et akseptert motbud, er signert når aksepten ble signert. «Nei» betyr at budet ikke ble signert ' +
  '(Ikke signert).';

const ACTS_LEGEND =
  'Alle tidspunkter er norsk tid. Mottatt er tidspunktet serveren tok imot budet. ' +
  'Hendelsene står i den rekkefølgen de skjedde. ' +
  'I kolonnen Signert gjelder «Ja» og «Nei» de bindende handlingene, som parten signerer med passnøkkel: ' +
  'bud, avslag, motbud, aksept av motbud og valg av vinner. Et motbud som blir avslått, trukket eller går ' +
  'ut, og lukkingen av budrunden, signeres ikke og står med «–».';

function bids(doc: Doc, journal: PdfJournal): void {
  heading(doc, `Bud (${journal.entries.length})`);
  if (journal.entries.length === 0) {
    doc.font(FONT).fontSize(10).text('Ingen bud ble lagt inn i denne budrunden.');
    return;
  }
  const rows: Row[] = journal.entries.map((e) => ({
    cells: [
      e.bidderName,
      money(e.amount),
      entryStates(e),
      conditionsWithStates(e) || NONE,
      when(e.bidDeadline),
      when(e.createdAt),
      signedCell(e.isSigned),
    ],
    note: journal.isOwnerCopy ? contactNote(e, journal.identityProvider ?? 'BankID') : null,
  }));
  drawTable(doc, BID_COLUMNS, rows);
  doc.moveDown(0.6).font(FONT).fontSize(TABLE_SIZE).text(SIGNED_LEGEND);
}

const ACT_COLUMNS: Column[] = [
  { header: 'Tidspunkt', width: 70 },
  { header: 'Hendelse', width: 76 },
  { header: 'Part', width: 72 },
  { header: 'Beløp', width: 64, align: 'right' },
  { header: 'Status', width: 64 },
  { header: 'Detaljer', width: 113 },
  SIGNED_COLUMN,
];

/** A bid's acceptance deadline or a counter-offer's, its conditions, and the words said with it. */
function actDetails(act: JournalAct): string {
  const made = act.kind === 'Bud' || act.kind === 'Motbud';
  return [
    made && act.deadline && `${act.kind === 'Bud' ? 'Akseptfrist' : 'Frist'}: ${when(act.deadline)}`,
    made && act.conditions && `Forbehold: ${act.conditions}`,
    act.message && (act.kind === 'Avslag' ? `Melding fra selgeren: ${act.message}` : act.message),
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n');
}

function acts(doc: Doc, journal: PdfJournal): void {
  heading(doc, `Hendelser (${journal.acts.length})`);
  const rows: Row[] = journal.acts.map(({ act, state, signed }) => ({
    cells: [
      when(act.at),
      act.kind,
      act.party ?? NONE,
      money(act.amount),
      state ?? NONE,
      actDetails(act) || NONE,
      signedCell(signed),
    ],
  }));
  drawTable(doc, ACT_COLUMNS, rows);
  doc.moveDown(0.6).font(FONT).fontSize(TABLE_SIZE).text(ACTS_LEGEND);
}

const CHANGE_COLUMNS: Column[] = [
  { header: 'Tidspunkt', width: 70 },
  { header: 'Endring i annonsen', width: 425 },
];

/** What the seller changed in the listing while bids stood: what, when, and from what to what (decision 054). */
function changes(doc: Doc, journal: PdfJournal): void {
  const list = journal.changes ?? [];
  if (list.length === 0) return;
  heading(doc, `Endringer mens bud sto (${list.length})`);
  drawTable(
    doc,
    CHANGE_COLUMNS,
    list.map((c) => ({ cells: [when(c.at), c.text] })),
  );
}

/** 'Side 1 av N' and the regulation on every page, written once all pages exist. */
function footers(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    const width = contentWidth(doc);
    doc.font(FONT).fontSize(7.5).fillColor('#444444');
    doc.text('Budjournal etter forskrift om eiendomsmegling § 3-5 – Budrunde', MARGIN, y, {
      width: width - 80,
      lineBreak: false,
    });
    doc.text(`Side ${i - start + 1} av ${count}`, MARGIN + width - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The PDF's bytes. */
export function journalToPdf(journal: PdfJournal, { madeAt, compress = true }: PdfOptions): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    title: `Budjournal – ${journal.property.title}`,
    subject: journal.property.address,
    madeAt,
    compress,
    footerGap: FOOTER_GAP,
  });
  drawFacts(doc, journal, madeAt);
  bids(doc, journal);
  acts(doc, journal);
  changes(doc, journal);
  footers(doc);
  doc.end();
  return bytes;
}
