import { formatAmountInWords } from '../../../shared/format/amount-in-words';
import { financingText, takeoverText } from '../../../shared/format/bid-plan';
import { formatLongDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import type { SignedHead } from '../../../shared/record/signed-head';
import {
  type BuyerCapacity,
  capacityLabel,
  companySigner,
  namesTogether,
  type SignerRole,
} from '../../../shared/rules/buyers';
import { conditionStateText, conditionText } from '../../../shared/rules/conditions';
import type { ConditionItem } from '../../../shared/schemas/responses/bid';
import { a4Document } from './a4-document';
import { fact } from './journal-pdf-facts';
import { BOLD, drawable, FONT, MONO } from './journal-pdf-tables';

// The acceptance letter (akseptbrev, decision 066): what a broker sends both parties the moment a bid is
// accepted, with the journal attached. One page of facts on A4 in bokmål, drawn as the journal's PDF is.

type Doc = PDFKit.PDFDocument;

export interface LetterParty {
  names: string[];
  email: string | null;
  phone: string | null;
}

export interface LetterFacts {
  property: { title: string; address: string };
  seller: LetterParty;
  buyer: LetterParty & {
    capacity: BuyerCapacity;
    company: { orgNumber: string; name: string; signerRole: SignerRole } | null;
  };
  amount: number;
  conditions: ConditionItem[];
  bidDeadline: string | null;
  bidPlacedAt: string;
  acceptedAt: string;
  /** 'winner': the seller chose the bid; 'counter-offer': the buyer accepted the seller's counter-offer. */
  acceptedBy: 'winner' | 'counter-offer';
  takeoverDate: string | null;
  financing: { equity: number; loan: number; lender: string | null } | null;
  chainHead: { seq: number; hash: string; signedHead?: SignedHead } | null;
  chainKey: { kid: string; fingerprint: string };
  checkUrl: string;
}

function section(doc: Doc, title: string): void {
  doc.moveDown(0.8).font(BOLD).fontSize(12).text(title);
  doc.moveDown(0.2);
}

function party(doc: Doc, label: string, p: LetterParty, extra: string[] = []): void {
  fact(doc, label, namesTogether(p.names) || 'Slettet bruker');
  for (const line of extra) doc.font(FONT).fontSize(10).text(drawable(line));
  const contact = [p.email, p.phone].filter(Boolean).join(', ');
  if (contact) doc.font(FONT).fontSize(10).text(drawable(contact));
}

/** The buyer as the bid named them: the company and its signer, or the capacity of the people who bid. */
function buyerLines(b: LetterFacts['buyer']): string[] {
  if (b.company)
    return [companySigner(namesTogether(b.names), b.company.signerRole, b.company.name, b.company.orgNumber)];
  return [`Byr som ${capacityLabel(b.capacity).toLowerCase()}`];
}

/** The chain's head, one value a line: the journal's own block runs labels and hashes together on a line. */
function chainHead(doc: Doc, letter: LetterFacts): void {
  const head = letter.chainHead;
  if (!head) return;
  const line = (label: string, value: string, size = 9) => {
    doc.moveDown(0.3).font(BOLD).fontSize(10).text(label);
    doc.font(MONO).fontSize(size).text(value);
  };
  line(`Kjedens hode: handling nr. ${head.seq}`, head.hash);
  if (head.signedHead) line('Signert av Budrunde', head.signedHead.signature, 8);
  line('Kjedenøkkel (kid) og fingeravtrykk', `${letter.chainKey.kid}\n${letter.chainKey.fingerprint}`, 8);
  doc
    .moveDown(0.3)
    .font(FONT)
    .fontSize(9)
    .fillColor('#333333')
    .text(drawable(`Kontroller budjournalen selv på ${letter.checkUrl}.`))
    .fillColor('black');
}

export function acceptanceLetterToPdf(letter: LetterFacts, madeAt: Date, compress = true): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    title: `Akseptbrev – ${letter.property.title}`,
    subject: letter.property.address,
    madeAt,
    compress,
  });
  doc.font(BOLD).fontSize(22).text('Akseptbrev');
  doc
    .font(FONT)
    .fontSize(12)
    .text(drawable(`${letter.property.title}, ${letter.property.address}`));
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(
      drawable(
        letter.acceptedBy === 'winner'
          ? 'Selgeren har akseptert budet nedenfor. Det er inngått en bindende avtale om kjøp av eiendommen.'
          : 'Kjøperen har akseptert selgerens motbud. Det er inngått en bindende avtale om kjøp av eiendommen.',
      ),
    );

  section(doc, 'Partene');
  party(doc, 'Selger', letter.seller);
  doc.moveDown(0.3);
  party(doc, 'Kjøper', letter.buyer, buyerLines(letter.buyer));

  section(doc, 'Avtalen');
  fact(doc, 'Eiendom', `${letter.property.title}, ${letter.property.address}`);
  fact(doc, 'Kjøpesum', formatMoney(letter.amount));
  fact(doc, 'Med bokstaver', formatAmountInWords(letter.amount));
  fact(doc, 'Budet ble gitt', formatLongDate(letter.bidPlacedAt));
  fact(doc, 'Akseptfrist', letter.bidDeadline ? formatLongDate(letter.bidDeadline) : 'Ikke oppgitt');
  fact(doc, 'Akseptert', formatLongDate(letter.acceptedAt));
  fact(doc, 'Overtakelse', takeoverText(letter.takeoverDate));
  fact(doc, 'Finansieringsplan', financingText(letter.financing));

  section(doc, `Forbehold (${letter.conditions.length})`);
  if (letter.conditions.length === 0) doc.font(FONT).fontSize(10).text('Ingen forbehold.');
  for (const c of letter.conditions)
    doc
      .font(FONT)
      .fontSize(10)
      .text(drawable(`• ${conditionText(c)} – ${conditionStateText(c)}`));

  section(doc, 'Budjournalen');
  doc
    .font(FONT)
    .fontSize(10)
    .text('Budjournalen for budrunden er lagt ved e-posten med dette brevet, og kan lastes ned i Budrunde.');
  if (letter.chainHead) chainHead(doc, letter);
  doc.moveDown(0.8).font(FONT).fontSize(8.5).fillColor('#444444');
  doc.text(`Laget av Budrunde ${formatLongDate(madeAt)}.`);
  doc.end();
  return bytes;
}
