import { MIN_COUNTER_OFFER_MINUTES } from '../../../../shared/rules/counter-offers';
import { ceilToStep, type DeadlineParts, MINUTE_STEP, partsFromDate } from './acceptance-deadline';

const MINUTE = 60_000;
const STEP_MS = MINUTE_STEP * MINUTE;
/** How long a counter-offer stands unless the seller picks otherwise. */
export const DEFAULT_COUNTER_OFFER_HOURS = 24;

/** The earliest deadline a counter-offer may have: 30 minutes ahead (the server judges it again). */
export function earliestCounterOfferDeadline(now: Date): Date {
  return new Date(now.getTime() + MIN_COUNTER_OFFER_MINUTES * MINUTE);
}

/**
 * The dialog's starting deadline: 24 hours ahead on a 5-minute mark, but never after the round's deadline
 * (then the last 5-minute mark before it). When even that is under 30 minutes ahead, the form says why.
 */
export function defaultCounterOfferDeadline(now: Date, roundDeadline: Date): DeadlineParts {
  const wanted = ceilToStep(new Date(now.getTime() + DEFAULT_COUNTER_OFFER_HOURS * 60 * MINUTE));
  if (wanted <= roundDeadline) return partsFromDate(wanted);
  return partsFromDate(new Date(Math.floor(roundDeadline.getTime() / STEP_MS) * STEP_MS));
}

/** The server's field errors of a refused counter-offer, by field ('amount', 'deadline', 'conditions'). */
export function counterOfferFieldErrors(
  errors: readonly { path?: unknown; message?: unknown }[] | undefined,
): Partial<Record<'amount' | 'deadline' | 'conditions', string>> {
  const found: Partial<Record<'amount' | 'deadline' | 'conditions', string>> = {};
  for (const entry of errors ?? []) {
    const path = String(entry.path ?? '');
    const field = (['amount', 'deadline', 'conditions'] as const).find(
      (name) => path === name || path.endsWith(`.${name}`),
    );
    if (field && typeof entry.message === 'string' && entry.message && !found[field]) {
      found[field] = entry.message;
    }
  }
  return found;
}
