// Deadlines are legal wall-clock times in Norway, so every user sees Oslo time whatever their device says.
export const OSLO_TZ = 'Europe/Oslo';

export type OsloParts = { year: number; month: number; day: number; hour: number; minute: number };

export const MONTH_NAMES = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(input: Date | string): Date {
  const date = typeof input === 'string' ? new Date(input) : input;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

// 01:00 UTC on the last Sunday of a month: when Norway, like the rest of the EU, changes its clocks.
function lastSundayAt0100Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Oslo's offset from UTC at an instant: CEST (+2) from the last Sunday of March to the last Sunday of
 * October, CET (+1) otherwise, the EU rule Norway has kept since 1996. By hand rather than with
 * Intl.DateTimeFormat's timeZone, because a page's first Intl formatter costs 40–95 ms of main thread in
 * Chromium (docs/decisions/020-no-intl-on-the-first-screen.md). date.test.ts checks every hour of 1996–2040
 * against the tz database, so a change to the rule fails the tests instead of shifting deadlines.
 */
function osloOffsetMs(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayAt0100Utc(year, 2) && instant < lastSundayAt0100Utc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

export function getOsloParts(d: Date | string): OsloParts {
  const instant = toDate(d).getTime();
  const wall = new Date(instant + osloOffsetMs(instant));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** '23. november 2026 kl. 14:05' */
export function formatLongDate(d: Date | string): string {
  const p = getOsloParts(d);
  return `${p.day}. ${MONTH_NAMES[p.month - 1]} ${p.year} kl. ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** A calendar day 'YYYY-MM-DD' (not an instant, so no zone applies) as '1. mars 2027'; other text as it is. */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])}. ${month} ${match[1]}`;
}

/** '23. november' */
export function formatDayMonth(d: Date | string): string {
  const p = getOsloParts(d);
  return `${p.day}. ${MONTH_NAMES[p.month - 1]}`;
}

/** '23. november kl. 14:05' */
export function formatDayMonthTime(d: Date | string): string {
  const p = getOsloParts(d);
  return `${p.day}. ${MONTH_NAMES[p.month - 1]} kl. ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** '23.11.2026 14:05' */
export function formatShortDateTime(d: Date | string): string {
  const p = getOsloParts(d);
  return `${pad2(p.day)}.${pad2(p.month)}.${p.year} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

// The Oslo wall-clock time of an instant, encoded as if it were UTC, so wall times compare as numbers.
function toOsloWallMs(instant: number): number {
  const p = getOsloParts(new Date(instant));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

/**
 * The instant at which Oslo clocks show the given time. Out-of-range fields roll over like Date.UTC.
 * Follows Temporal's 'compatible' disambiguation: a time skipped by the spring change is read with the
 * winter offset (02:30 becomes 03:30 CEST), and a time repeated in autumn resolves to the earlier one.
 */
export function makeOsloDate(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  // Oslo changes offset at most once within any two days, so the offsets a day either side cover all cases.
  const offsetBefore = toOsloWallMs(wall - DAY_MS) - (wall - DAY_MS);
  const offsetAfter = toOsloWallMs(wall + DAY_MS) - (wall + DAY_MS);
  const candidates = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant) => toOsloWallMs(instant) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - offsetBefore);
}
