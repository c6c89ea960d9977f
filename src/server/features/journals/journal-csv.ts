import { formatShortDateTime } from '../../../shared/format/date';
import type { JournalEntry } from '../../../shared/schemas/journal';

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
];

// A cell that starts like a formula would run in Excel; a leading apostrophe makes it plain text.
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutralise(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Excel in Norway opens this directly: UTF-8 with BOM, semicolons, CRLF, times in Oslo. */
export function journalToCsv(entries: JournalEntry[]): string {
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
  ]);
  const lines = [HEADERS, ...rows].map((row) => row.map(cell).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
