import { formatAmountInWords } from '../../../shared/format/amount-in-words';
import { formatLongDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import type { ChainLink } from '../../../shared/record/round-act';
import type { SignedHead } from '../../../shared/record/signed-head';
import { CLOSE_REASON_TEXT, ROUND_DELETED_TEXT } from '../../../shared/rules/journal-acts';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { JournalEntry } from '../../../shared/schemas/journal';
import { BOLD, drawable, FONT, MONO } from './journal-pdf-tables';

// The top of the budjournal's first page (decision 038): the title, the round's facts, whose copy it is, and
// the hash chain's head with how to check it.

type Doc = PDFKit.PDFDocument;

/** What the first page says about the round and the copy. */
export interface PdfFacts {
  isOwnerCopy: boolean;
  property: { title: string; address: string };
  startingPrice: number;
  closedAt: string;
  closeReason: CloseReason;
  acceptedAt: string | null;
  /** When an administrator deleted the round; its journals are kept, marked (decision 042). */
  roundDeletedAt?: string | null;
  /** The bids, highest first: the winner's amount is told in words. */
  entries: JournalEntry[];
  /** The round's hash chain's last link (decision 040), signed (decision 057), printed under the facts; null without one. */
  chainHead?: (ChainLink & { signedHead?: SignedHead }) | null;
  /** The key that signed the head: its id and fingerprint, to compare with the one served at the key's address. */
  chainKey?: { kid: string; fingerprint: string };
  /** The page that checks a downloaded chain in the browser, `${APP_URL}/kontroller-budjournal` (decision 062). */
  checkUrl?: string;
  /** IDENTITY_PROVIDER_NAME, for 'ID bekreftet med BankID' in the owner's copy (decision 064). */
  identityProvider?: string;
}

export function fact(doc: Doc, label: string, value: string): void {
  doc.font(BOLD).fontSize(10).text(`${label}: `, { continued: true });
  doc.font(FONT).text(drawable(value));
}

/**
 * 'Kjedens hode: nr. 12, <hash>' and how to check it. The hash is in Courier, since it is read and compared
 * character by character; it has no spaces, so when the line is too narrow it moves whole to the next line.
 */
function chainHeadLines(
  doc: Doc,
  head: NonNullable<PdfFacts['chainHead']>,
  key: PdfFacts['chainKey'],
  checkUrl = '/kontroller-budjournal',
): void {
  doc.moveDown(0.5).font(BOLD).fontSize(10).text('Kjedens hode: ', { continued: true });
  doc.font(FONT).text(`nr. ${head.seq}, `, { continued: true });
  doc.font(MONO).fontSize(9.5).text(drawable(head.hash));
  if (head.signedHead) {
    doc.font(BOLD).fontSize(10).text('Signert av Budrunde: ', { continued: true });
    doc.font(MONO).fontSize(8.5).text(head.signedHead.signature);
  }
  if (key) {
    doc.font(BOLD).fontSize(10).text('Kjedenøkkel (kid): ', { continued: true });
    doc.font(MONO).fontSize(9).text(key.kid);
    doc.font(BOLD).fontSize(10).text('Fingeravtrykk: ', { continued: true });
    doc.font(MONO).fontSize(9).text(key.fingerprint);
  }
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#333333')
    // The page first: a home buyer checks there, in the browser; the command is for those who want it.
    .text(`Kontroller budjournalen selv på ${checkUrl}: velg kjeden (JSON) du laster ned fra budjournalen.`)
    .text(
      'Eller kontroller med npm run verify-journal, eksporten fra budjournalen og nøkkelen på ' +
        '/.well-known/budrunde-chain-key.json.',
    )
    .fillColor('black');
}

export function drawFacts(doc: Doc, journal: PdfFacts, madeAt: Date): void {
  doc.font(BOLD).fontSize(22).text('Budjournal');
  doc.font(FONT).fontSize(13).text(drawable(journal.property.title));
  if (journal.roundDeletedAt)
    doc
      .font(BOLD)
      .fontSize(11)
      .text(`${ROUND_DELETED_TEXT} ${formatLongDate(journal.roundDeletedAt)}`);
  doc.moveDown(0.5);
  fact(doc, 'Adresse', journal.property.address);
  fact(doc, 'Startpris', formatMoney(journal.startingPrice));
  fact(doc, 'Avsluttet', formatLongDate(journal.closedAt));
  fact(doc, 'Hvordan budrunden ble avsluttet', CLOSE_REASON_TEXT[journal.closeReason]);
  if (journal.closeReason === 'winner' && journal.acceptedAt)
    fact(doc, 'Bud akseptert', formatLongDate(journal.acceptedAt));
  const winner = journal.entries.find((e) => e.isWinner);
  if (winner)
    fact(doc, 'Vinnende bud', `${formatMoney(winner.amount)} (${formatAmountInWords(winner.amount)})`);
  fact(doc, 'Eksemplar', journal.isOwnerCopy ? 'Selgerens eksemplar' : 'Budgiverens eksemplar');
  fact(doc, 'Laget', formatLongDate(madeAt));
  if (journal.chainHead) chainHeadLines(doc, journal.chainHead, journal.chainKey, journal.checkUrl);
  if (!journal.isOwnerCopy)
    doc
      .moveDown(0.5)
      .fontSize(9)
      .text(
        'Andre budgivere er anonymisert som «Budgiver A», «Budgiver B» og så videre. ' +
          'Dine egne bud står som «Du» og er merket «Ditt bud».',
      );
}
