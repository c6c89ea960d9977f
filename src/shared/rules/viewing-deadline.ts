import Holidays from 'date-holidays';
import { getOsloParts, makeOsloDate } from '../format/date';

// The 12:00 rule (forskrift om eiendomsmegling § 6-3, decision 045): after an advertised viewing, no
// acceptance deadline may be earlier than 12:00 on the first working day after the last viewing. Working days
// are Monday to Friday except Norway's public holidays, which come from date-holidays (Easter moves each
// year; a hand-written list would be wrong within a year). Server-side only: the client is told the result.

const norway = new Holidays('NO');
const holidaysByYear = new Map<number, Set<string>>();

/** 'YYYY-MM-DD' of every Norwegian public holiday (helligdag) of the year. */
function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      norway
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

const isoDay = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Whether a calendar day is a working day in Norway: Monday to Friday, and not a public holiday. */
export function isNorwegianWorkingDay(year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(year).has(isoDay(year, month, day));
}

/** 12:00 Oslo time on the first working day after the day (in Oslo) on which `lastViewingEnd` falls. */
export function viewingBidDeadline(lastViewingEnd: Date): Date {
  const end = getOsloParts(lastViewingEnd);
  // Calendar arithmetic at UTC noon: days never slip across a summer-time change.
  const day = new Date(Date.UTC(end.year, end.month - 1, end.day, 12));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!isNorwegianWorkingDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()));
  return makeOsloDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 12, 0);
}

export type MinimumBidDeadlineReason = 'viewing' | 'seller';

/**
 * The effective shortest acceptance deadline: the later of the seller's own and the viewing rule's, and
 * which one it is. With equal times the rule is named: it is the one the law sets.
 */
export function effectiveMinimumBidDeadline(
  seller: Date | null,
  lastViewingEnd: Date | null,
): { minimumBidDeadline: Date | null; reason: MinimumBidDeadlineReason | null } {
  const byViewing = lastViewingEnd ? viewingBidDeadline(lastViewingEnd) : null;
  if (byViewing && (!seller || byViewing >= seller))
    return { minimumBidDeadline: byViewing, reason: 'viewing' };
  if (seller) return { minimumBidDeadline: seller, reason: 'seller' };
  return { minimumBidDeadline: null, reason: null };
}
