// Deadlines are legal wall-clock times in Norway, so every user sees Oslo time whatever their device says.
export const OSLO_TZ = 'Europe/Oslo';

export type OsloParts = { year: number; month: number; day: number; hour: number; minute: number };

// hourCycle 'h23' rather than hour12: false, which some engines render as '24:05' just after midnight.
const OSLO_NUMERIC_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: OSLO_TZ,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

// Month names come from formatToParts so the rest of the shape is ours and stable across ICU versions.
const MONTH_FORMAT = new Intl.DateTimeFormat('nb-NO', { timeZone: 'UTC', day: 'numeric', month: 'long' });
const MONTH_NAMES = Array.from({ length: 12 }, (_, index) => {
  const parts = MONTH_FORMAT.formatToParts(Date.UTC(2000, index, 15));
  return parts.find((part) => part.type === 'month')?.value ?? '';
});

const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(input: Date | string): Date {
  const date = typeof input === 'string' ? new Date(input) : input;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

export function getOsloParts(d: Date | string): OsloParts {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of OSLO_NUMERIC_FORMAT.formatToParts(toDate(d))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? Number.NaN,
    month: values.month ?? Number.NaN,
    day: values.day ?? Number.NaN,
    hour: values.hour ?? Number.NaN,
    minute: values.minute ?? Number.NaN,
  };
}

/** '23. november 2026 kl. 14:05' */
export function formatLongDate(d: Date | string): string {
  const p = getOsloParts(d);
  return `${p.day}. ${MONTH_NAMES[p.month - 1]} ${p.year} kl. ${pad2(p.hour)}:${pad2(p.minute)}`;
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
