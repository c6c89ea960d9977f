import { formatShortDateTime, getOsloParts } from '../../../shared/format/date';
import type { ViewingSignup } from '../../../shared/schemas/viewing';
import { cell } from '../journals/journal-csv';

const HEADERS = ['Fornavn', 'Etternavn', 'E-post', 'Telefon', 'Påmeldt'];

/**
 * The viewing list as the budjournal's CSV is written, so Excel in Norway opens it directly: UTF-8 with
 * BOM, semicolons, CRLF, times in Oslo. One row per person, first signed up first.
 */
export function signupsToCsv(signups: ViewingSignup[]): string {
  const rows = signups.map((s) => [
    s.firstName,
    s.lastName,
    s.email,
    s.phone,
    formatShortDateTime(s.signedUpAt),
  ]);
  const lines = [HEADERS, ...rows].map((row) => row.map(cell).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** 'visningsliste-2027-03-24.csv': the viewing's day in Oslo. */
export function viewingFileName(prefix: string, startsAt: Date, extension: string): string {
  const { year, month, day } = getOsloParts(startsAt);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${year}-${two(month)}-${two(day)}.${extension}`;
}
