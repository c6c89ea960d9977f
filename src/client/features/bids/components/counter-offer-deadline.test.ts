import { describe, expect, it } from 'vitest';
import { dateFromParts } from './acceptance-deadline';
import {
  counterOfferFieldErrors,
  defaultCounterOfferDeadline,
  earliestCounterOfferDeadline,
} from './counter-offer-deadline';

const HOUR = 3_600_000;
const now = new Date('2030-03-04T09:02:00Z');

describe('the counter-offer dialog’s deadline', () => {
  it('starts 24 hours ahead, on a 5-minute mark', () => {
    const chosen = dateFromParts(defaultCounterOfferDeadline(now, new Date(now.getTime() + 72 * HOUR)));
    expect(chosen?.toISOString()).toBe('2030-03-05T09:05:00.000Z');
  });

  it('never starts after the round’s deadline: then at the last 5-minute mark before it', () => {
    const roundDeadline = new Date('2030-03-04T15:33:00Z');
    const chosen = dateFromParts(defaultCounterOfferDeadline(now, roundDeadline));
    expect(chosen?.toISOString()).toBe('2030-03-04T15:30:00.000Z');
  });

  it('may not be sooner than 30 minutes ahead', () => {
    expect(earliestCounterOfferDeadline(now).toISOString()).toBe('2030-03-04T09:32:00.000Z');
  });
});

describe('the server’s field errors', () => {
  it('are read by field, plain or nested paths, the first of each', () => {
    expect(
      counterOfferFieldErrors([
        { path: 'amount', message: 'Motbudet må være høyere enn budet' },
        { path: 'body.deadline', message: 'Fristen for motbudet må være minst 30 minutter frem i tid' },
        { path: 'amount', message: 'second' },
        { path: 'bidId', message: 'Ugyldig bud' },
      ]),
    ).toEqual({
      amount: 'Motbudet må være høyere enn budet',
      deadline: 'Fristen for motbudet må være minst 30 minutter frem i tid',
    });
    expect(counterOfferFieldErrors(undefined)).toEqual({});
  });
});
