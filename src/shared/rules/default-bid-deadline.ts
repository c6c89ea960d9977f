import { getOsloParts, makeOsloDate } from '../format/date';

// The bid form's pre-filled akseptfrist (decision 061). A bidder who leaves it as it is must not make a bid
// that lapses while the seller sleeps, so the default is never at night on Oslo clocks.

export const DEFAULT_ACCEPTANCE_HOURS = 6;
/** The night, on Oslo clocks: from 22:00 up to (not including) 08:00. */
export const NIGHT_STARTS_HOUR = 22;
export const NIGHT_ENDS_HOUR = 8;
/** Where a default that falls at night moves to: 12:00 on Oslo clocks. */
export const DAYTIME_DEFAULT_HOUR = 12;
/** The picker's minute step: the default is one of the times it offers. */
const STEP_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * The pre-filled akseptfrist: 6 hours after the later of now and the round's shortest acceptance deadline,
 * rounded up to the next 5 minutes. If that falls at night on Oslo clocks, it becomes 12:00 instead: at or
 * after 22:00, 12:00 the next Oslo day; before 08:00, 12:00 the same Oslo day (the morning after the evening
 * the night began). Both moves are later, so the default still keeps every rule of the round (30 minutes
 * ahead, the shortest acceptance deadline and the 12:00 rule after viewings, which that deadline holds).
 */
export function defaultBidDeadline(now: Date, minimumBidDeadline: Date | null): Date {
  const from = minimumBidDeadline && minimumBidDeadline > now ? minimumBidDeadline : now;
  const later = from.getTime() + DEFAULT_ACCEPTANCE_HOURS * HOUR_MS;
  const candidate = new Date(Math.ceil(later / STEP_MS) * STEP_MS);
  const oslo = getOsloParts(candidate);
  if (oslo.hour >= NIGHT_STARTS_HOUR) {
    // Day + 1 rolls over month and year ends as Date.UTC does.
    return makeOsloDate(oslo.year, oslo.month, oslo.day + 1, DAYTIME_DEFAULT_HOUR, 0);
  }
  if (oslo.hour < NIGHT_ENDS_HOUR)
    return makeOsloDate(oslo.year, oslo.month, oslo.day, DAYTIME_DEFAULT_HOUR, 0);
  return candidate;
}
