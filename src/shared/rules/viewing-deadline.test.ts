import { describe, expect, it } from 'vitest';
import { effectiveMinimumBidDeadline, isNorwegianWorkingDay, viewingBidDeadline } from './viewing-deadline';

// The three holiday examples of decision 045, and the edges around them: Oslo time, summer time and Norwegian
// holidays.
describe('the 12:00 rule: the first working day after the last viewing', () => {
  it.each([
    // Wednesday 24 March 2027: skjærtorsdag, langfredag, the weekend and 2. påskedag are not working days;
    // summer time begins on the 28th, so 12:00 is 10:00 UTC.
    ['2027-03-24T18:00:00+01:00', '2027-03-30T10:00:00.000Z'],
    // Sunday 16 May 2027: the 17th is Grunnlovsdagen (and 2. pinsedag).
    ['2027-05-16T14:00:00+02:00', '2027-05-18T10:00:00.000Z'],
    // Friday 16 April 2027: the next working day is Monday.
    ['2027-04-16T18:30:00+02:00', '2027-04-19T10:00:00.000Z'],
    // A viewing that ends late in the evening counts by its Oslo day, not its UTC day.
    ['2027-04-14T23:30:00+02:00', '2027-04-15T10:00:00.000Z'],
    // Winter time: 12:00 is 11:00 UTC; 1 January is a holiday, so Thursday 31 December 2026 gives Monday 4th.
    ['2026-12-31T13:00:00+01:00', '2027-01-04T11:00:00.000Z'],
    // Christmas: 25 and 26 December 2026 are holidays (Friday and Saturday).
    ['2026-12-24T12:00:00+01:00', '2026-12-28T11:00:00.000Z'],
  ])('a last viewing ending %s gives %s', (end, expected) => {
    expect(viewingBidDeadline(new Date(end)).toISOString()).toBe(expected);
  });

  it('knows weekends and holidays from the holiday calendar', () => {
    expect(isNorwegianWorkingDay(2027, 3, 25)).toBe(false); // skjærtorsdag
    expect(isNorwegianWorkingDay(2027, 3, 29)).toBe(false); // 2. påskedag
    expect(isNorwegianWorkingDay(2027, 5, 6)).toBe(false); // Kristi himmelfartsdag
    expect(isNorwegianWorkingDay(2027, 3, 27)).toBe(false); // a Saturday
    expect(isNorwegianWorkingDay(2027, 3, 30)).toBe(true);
  });
});

describe('the effective shortest acceptance deadline', () => {
  const seller = new Date('2027-03-31T10:00:00Z');
  const lastViewing = new Date('2027-03-24T18:00:00+01:00');

  it('is the later of the seller’s and the viewing rule’s, naming which', () => {
    expect(effectiveMinimumBidDeadline(seller, lastViewing)).toEqual({
      minimumBidDeadline: seller,
      reason: 'seller',
    });
    expect(effectiveMinimumBidDeadline(new Date('2027-03-29T10:00:00Z'), lastViewing)).toEqual({
      minimumBidDeadline: new Date('2027-03-30T10:00:00.000Z'),
      reason: 'viewing',
    });
    expect(effectiveMinimumBidDeadline(null, lastViewing).reason).toBe('viewing');
    expect(effectiveMinimumBidDeadline(seller, null)).toEqual({
      minimumBidDeadline: seller,
      reason: 'seller',
    });
    expect(effectiveMinimumBidDeadline(null, null)).toEqual({ minimumBidDeadline: null, reason: null });
  });
});
