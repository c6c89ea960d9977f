import { getOsloParts, makeOsloDate } from '../format/date';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Budfrist for budrunden' defaults to 7 days ahead at 12:00 Oslo time (PRODUCT.md). */
export function defaultRoundDeadline(now: Date): Date {
  const p = getOsloParts(new Date(now.getTime() + 7 * DAY_MS));
  return makeOsloDate(p.year, p.month, p.day, 12, 0);
}
