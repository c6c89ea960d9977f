import { getOsloParts } from '../format/date';

// A viewing's times (decision 045): shared, so that the form can say the same thing before it sends.

export const ENDS_BEFORE_START = 'Visningen må slutte etter at den starter';
export const NOT_SAME_DAY = 'Visningen må starte og slutte samme dag';
export const IN_THE_PAST = 'Visningen kan ikke være tilbake i tid';
export const AFTER_ROUND_DEADLINE = 'Visningen må være ferdig før budfristen for budrunden';

const sameOsloDay = (a: Date, b: Date) => {
  const x = getOsloParts(a);
  const y = getOsloParts(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/**
 * What is wrong with a new viewing's times, first problem only, with the field it belongs to (decision 045):
 * it ends after it starts, on the same day in Oslo, starts no earlier than now (database time), and is over
 * by the round's deadline, since a viewing after the bidding has ended shows nothing anyone can bid on.
 */
export function viewingTimeProblem(
  startsAt: Date,
  endsAt: Date,
  now: Date,
  roundDeadline: Date,
): { path: 'startsAt' | 'endsAt'; message: string } | null {
  if (endsAt <= startsAt) return { path: 'endsAt', message: ENDS_BEFORE_START };
  if (!sameOsloDay(startsAt, endsAt)) return { path: 'endsAt', message: NOT_SAME_DAY };
  if (startsAt < now) return { path: 'startsAt', message: IN_THE_PAST };
  if (endsAt > roundDeadline) return { path: 'endsAt', message: AFTER_ROUND_DEADLINE };
  return null;
}
