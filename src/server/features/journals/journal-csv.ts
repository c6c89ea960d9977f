import { formatShortDateTime } from '../../../shared/format/date';
import type { JournalEntry } from '../../../shared/schemas/journal';

type PlanFields = 'financing' | 'takeoverDate';
/** An entry as the CSV reads it: one without a plan or takeover day leaves those cells empty. */
type CsvEntry = Omit<JournalEntry, PlanFields> & Partial<Pick<JournalEntry, PlanFields>>;

const HEADERS = [
  'Budgiver',
  'Status',
  'Beløp (kr)',
  'Forbehold',
  'Akseptfrist',
  'Mottatt',
  'E-post',
  'Telefon',
  'Adresse',
  'Bank',
  'Kontaktperson i banken',
  'Telefon til bankkontakt',
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

/** Excel in Norway opens this directly: UTF-8 with BOM, semicolons, CRLF, times in Oslo. */
export function journalToCsv(entries: CsvEntry[]): string {
  const rows = entries.map((e) => [
    e.bidderName,
    e.isWinner ? 'Vinner' : e.isHighestBid ? 'Høyeste bud' : e.isExpired ? 'Utløpt' : '',
    e.amount,
    e.conditions,
    e.bidDeadline ? formatShortDateTime(e.bidDeadline) : null,
    formatShortDateTime(e.createdAt),
    e.bidderEmail,
    e.bidderPhone,
    e.bidderAddress,
    e.bankName,
    e.bankContactName,
    e.bankContactPhone,
    e.financing?.equity ?? null,
    e.financing?.loan ?? null,
    e.financing?.lender ?? null,
    // A day, not an instant. Only the owner's copy is exported, where no date means 'Etter avtale'.
    e.takeoverDate ? osloDayText(e.takeoverDate) : 'Etter avtale',
  ]);
  const lines = [HEADERS, ...rows].map((row) => row.map(cell).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
