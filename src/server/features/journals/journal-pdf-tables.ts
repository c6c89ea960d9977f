import { formatShortDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';

// The tables of the budjournal's PDF (decision 038): a small layout of rows and columns on pdfkit's built-in
// Helvetica, which breaks to a new page between rows and repeats the column headers there.

type Doc = PDFKit.PDFDocument;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
/** For hashes: built in too, and every character the same width. */
export const MONO = 'Courier';
export const TABLE_SIZE = 8;
const NOTE_SIZE = 7.5;
const PAD = 3;
const RULE = '#c8c8c8';
const SHADE = '#efefef';

// The characters pdfkit's standard fonts can draw beyond Latin-1 (WinAnsi's 0x80–0x9F): – — ‘ ’ “ ” € …
const WIN_ANSI_EXTRA = new Set(
  [402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250]
    .concat([710, 8482, 338, 339, 732, 352, 353, 376, 381, 382])
    .map((code) => String.fromCharCode(code)),
);

/**
 * Text the built-in fonts can draw: they are WinAnsi, which has æøå, « », § and –, but not, say, 'ł' or an
 * emoji, which pdfkit would write as garbage. Those become '?', thin spaces a no-break space, the minus sign
 * a hyphen; line breaks stay.
 */
export function drawable(text: string): string {
  return Array.from(text.normalize('NFC'), (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) return char;
    if (WIN_ANSI_EXTRA.has(char)) return char;
    if (char === '\u202f' || char === '\u2009' || char === '\u2007') return '\u00a0';
    if (char === '\u2212') return '-';
    if (char === '\r' || char === '\t') return ' ';
    return '?';
  }).join('');
}

export const NONE = '–';
export const when = (at: string | null): string => (at ? formatShortDateTime(at) : NONE);
export const money = (amount: number | null): string => (amount === null ? NONE : formatMoney(amount));

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A row: its cells, and an optional note in small type across the whole width under them. */
export interface Row {
  cells: string[];
  note?: string | null;
}

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const left = (doc: Doc) => doc.page.margins.left;
export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function cellHeight(doc: Doc, text: string, width: number): number {
  return doc.heightOfString(drawable(text) || ' ', { width: width - 2 * PAD });
}

function rowHeight(doc: Doc, columns: Column[], row: Row): number {
  doc.font(FONT).fontSize(TABLE_SIZE);
  const cells = Math.max(...columns.map((c, i) => cellHeight(doc, row.cells[i] ?? '', c.width)));
  doc.fontSize(NOTE_SIZE);
  const note = row.note ? cellHeight(doc, row.note, contentWidth(doc)) + PAD : 0;
  return cells + note + 2 * PAD;
}

function drawCells(doc: Doc, columns: Column[], cells: string[], y: number): void {
  let x = left(doc);
  for (const [i, column] of columns.entries()) {
    doc.text(drawable(cells[i] ?? ''), x + PAD, y + PAD, {
      width: column.width - 2 * PAD,
      align: column.align ?? 'left',
    });
    x += column.width;
  }
}

function drawHeader(doc: Doc, columns: Column[]): void {
  doc.font(BOLD).fontSize(TABLE_SIZE);
  const height = Math.max(...columns.map((c) => cellHeight(doc, c.header, c.width))) + 2 * PAD;
  const y = doc.y;
  doc.rect(left(doc), y, contentWidth(doc), height).fill(SHADE).fillColor('black');
  drawCells(
    doc,
    columns,
    columns.map((c) => c.header),
    y,
  );
  doc.y = y + height;
}

/**
 * Draws the table from doc.y down. A row that does not fit what is left of the page starts the next one,
 * under the headers again; a row taller than a whole page runs on as pdfkit flows text.
 */
export function drawTable(doc: Doc, columns: Column[], rows: Row[]): void {
  drawHeader(doc, columns);
  for (const row of rows) {
    const height = rowHeight(doc, columns, row);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      drawHeader(doc, columns);
    }
    const y = doc.y;
    doc.font(FONT).fontSize(TABLE_SIZE);
    drawCells(doc, columns, row.cells, y);
    if (row.note) {
      const cells = Math.max(...columns.map((c, i) => cellHeight(doc, row.cells[i] ?? '', c.width)));
      doc.fontSize(NOTE_SIZE).fillColor('#333333');
      doc.text(drawable(row.note), left(doc) + PAD, y + PAD + cells + PAD, {
        width: contentWidth(doc) - 2 * PAD,
      });
      doc.fillColor('black');
    }
    doc
      .moveTo(left(doc), y + height)
      .lineTo(left(doc) + contentWidth(doc), y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + height;
  }
  doc.x = left(doc);
}
