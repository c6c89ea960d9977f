import { formatShortDateTime } from '../../../shared/format/date';
import type { JournalEntry } from '../../../shared/schemas/journal';

/** Fields that older entries, and entries of bids without them, may not have. */
type OptionalFields = 'financing' | 'takeoverDate' | 'isRejected' | 'rejectedAt' | 'rejectionMessage';
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
  // When the bid was received, or, on a rejection's row, when it was rejected.
  'Mottatt',
  'E-post',
  'Telefon',
  'Adresse',
  'Bank',
  'Kontaktperson i banken',
  'Telefon til bankkontakt',
  // What each row records (issue 23): 'Bud' or 'Avslag', with the seller's message on an 'Avslag'.
  'Hendelse',
  'Melding',
  // After the columns that were there first, so a sheet built on the old columns still reads them.
  'Egenkapital (kr)',
  'Lån (kr)',
  'Långiver',
  'Ønsket overtakelse',
];

// A cell that starts like a formula would run in Excel; a leading apostrophe makes it plain text.
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | null): string {
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

/**
 * Excel in Norway opens this directly: UTF-8 with BOM, semicolons, CRLF, times in Oslo. One row per act in
 * time order (forskriften § 6-3, issue 23): each bid ('Bud', at the time received) and each rejection
 * ('Avslag', at the time the seller rejected it, with the seller's message). The two columns that say so
 * follow the columns that existed before, which keep their places.
 */
export function journalToCsv(entries: CsvEntry[]): string {
  const acts: { at: string; row: Row }[] = [];
  for (const e of entries) {
    acts.push({
      at: e.createdAt,
      row: [
        e.bidderName,
        status(e),
        e.amount,
        e.conditions,
        e.bidDeadline ? formatShortDateTime(e.bidDeadline) : null,
        formatShortDateTime(e.createdAt),
        ...bidderColumns(e),
        'Bud',
        null,
        ...planColumns(e),
      ],
    });
    if (e.rejectedAt)
      acts.push({
        at: e.rejectedAt,
        row: [
          e.bidderName,
          'Avslått',
          e.amount,
          null,
          null,
          formatShortDateTime(e.rejectedAt),
          ...bidderColumns(e),
          'Avslag',
          e.rejectionMessage ?? null,
          null,
          null,
          null,
          null,
        ],
      });
  }
  // A stable sort: acts at the same moment keep the journal's order.
  acts.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const lines = [HEADERS, ...acts.map((a) => a.row)].map((row) => row.map(cell).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
