// The acceptance-deadline picker works in Oslo wall-clock time whatever the browser's zone: the day is a
// 'YYYY-MM-DD' string and hour and minute are two-digit strings, all read on Oslo clocks.
import { getOsloParts, makeOsloDate } from '../../../../shared/format/date';
import { defaultBidDeadline } from '../../../../shared/rules/default-bid-deadline';

export const MINUTE_STEP = 5;
const STEP_MS = MINUTE_STEP * 60_000;

export interface DeadlineParts {
  /** Oslo calendar day, 'YYYY-MM-DD' (the format Mantine's date pickers use). */
  date: string | null;
  /** '00' … '23' */
  hour: string;
  /** '00', '05' … '55' */
  minute: string;
}

export interface TimeOption {
  value: string;
  label: string;
  disabled: boolean;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The next whole five minutes at or after `date`; Oslo's offset is whole hours, so this holds there too. */
export function ceilToStep(date: Date): Date {
  return new Date(Math.ceil(date.getTime() / STEP_MS) * STEP_MS);
}

/** The Oslo calendar day of an instant, as 'YYYY-MM-DD'. */
export function osloDay(date: Date): string {
  const p = getOsloParts(date);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

export function partsFromDate(date: Date): DeadlineParts {
  const p = getOsloParts(ceilToStep(date));
  return { date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`, hour: pad2(p.hour), minute: pad2(p.minute) };
}

function splitDay(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** The instant the parts describe on Oslo clocks, or null while no day is chosen. */
export function dateFromParts(parts: DeadlineParts): Date | null {
  if (!parts.date) return null;
  const day = splitDay(parts.date);
  if (!day) return null;
  const date = makeOsloDate(day[0], day[1], day[2], Number(parts.hour), Number(parts.minute));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The form's starting value: defaultBidDeadline, never at night on Oslo clocks (decision 061). */
export function defaultDeadlineParts(now: Date, minimumBidDeadline: Date | null): DeadlineParts {
  return partsFromDate(defaultBidDeadline(now, minimumBidDeadline));
}

/** The first day with any selectable time; never before today nor the day of the shortest deadline. */
export function firstSelectableDay(earliest: Date): string {
  return osloDay(ceilToStep(earliest));
}

function at(day: string, hour: number, minute: number): Date | null {
  const parts = splitDay(day);
  return parts ? makeOsloDate(parts[0], parts[1], parts[2], hour, minute) : null;
}

/** Hours of the chosen day; an hour is disabled when even its last 5-minute mark is before `earliest`. */
export function hourOptions(day: string | null, earliest: Date): TimeOption[] {
  return Array.from({ length: 24 }, (_, hour) => {
    const last = day ? at(day, hour, 60 - MINUTE_STEP) : null;
    return { value: pad2(hour), label: pad2(hour), disabled: last !== null && last < earliest };
  });
}

/** Minutes in steps of 5; disabled when the time they make with the chosen day and hour is before `earliest`. */
export function minuteOptions(day: string | null, hour: string, earliest: Date): TimeOption[] {
  return Array.from({ length: 60 / MINUTE_STEP }, (_, index) => {
    const minute = index * MINUTE_STEP;
    const time = day ? at(day, Number(hour), minute) : null;
    return { value: pad2(minute), label: pad2(minute), disabled: time !== null && time < earliest };
  });
}
