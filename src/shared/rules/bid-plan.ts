import { getOsloParts } from '../format/date';

// A bid's financing plan (finansieringsplan) and desired takeover date (overtakelse), as Norwegian bid
// forms ask for them. Free of zod, so the client's bid form checks them without loading the schemas.

export const MAX_LENDER_LENGTH = 100;
export const FINANCING_SHORT = 'Finansieringsplanen dekker ikke budbeløpet';
export const TAKEOVER_IN_PAST = 'Overtakelsesdato kan ikke være tilbake i tid';

export interface FinancingPlan {
  equity: number;
  loan: number;
  lender: string | null;
}

/** Why a plan cannot back a bid of `amount`, or null: equity and loan together must pay for it. */
export function financingProblem(amount: number, financing: FinancingPlan | null): string | null {
  if (!financing) return null;
  return financing.equity + financing.loan < amount ? FINANCING_SHORT : null;
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' (no '2027-02-30', no times). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The calendar day in Norway at `now`, 'YYYY-MM-DD': a takeover is a day in Norway, wherever the server runs. */
export function osloDay(now: Date): string {
  const p = getOsloParts(now);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Why a takeover day cannot be asked for at `now`, or null. Today in Oslo is allowed. */
export function takeoverDateProblem(takeoverDate: string | null, now: Date): string | null {
  if (takeoverDate === null) return null;
  if (!isCalendarDate(takeoverDate)) return 'Overtakelsesdato må være en gyldig dato';
  // 'YYYY-MM-DD' strings of four-digit years sort as the days do.
  return takeoverDate < osloDay(now) ? TAKEOVER_IN_PAST : null;
}
