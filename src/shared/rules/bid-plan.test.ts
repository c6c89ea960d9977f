import { describe, expect, it } from 'vitest';
import { makeOsloDate } from '../format/date';
import { financingProblem, isCalendarDate, osloDay, takeoverDateProblem } from './bid-plan';

describe('financingProblem', () => {
  it('accepts a plan that covers the amount, exactly or more, and no plan at all', () => {
    expect(financingProblem(5_000_000, { equity: 1_000_000, loan: 4_000_000, lender: 'DNB' })).toBeNull();
    expect(financingProblem(5_000_000, { equity: 6_000_000, loan: 0, lender: null })).toBeNull();
    expect(financingProblem(5_000_000, null)).toBeNull();
  });

  it('refuses a plan one krone short', () => {
    expect(financingProblem(5_000_000, { equity: 1_000_000, loan: 3_999_999, lender: 'DNB' })).toBe(
      'Finansieringsplanen dekker ikke budbeløpet',
    );
  });
});

describe('isCalendarDate', () => {
  it.each(['2027-03-01', '2028-02-29', '2026-12-31'])('takes %s', (day) => {
    expect(isCalendarDate(day)).toBe(true);
  });
  it.each(['2027-02-29', '2027-02-30', '2027-13-01', '2027-3-1', '01.03.2027', '2027-03-01T00:00', ''])(
    'refuses %j',
    (day) => {
      expect(isCalendarDate(day)).toBe(false);
    },
  );
});

describe('the takeover day is judged in Norway', () => {
  it('is the Oslo day, which starts before the UTC one', () => {
    // 23:30 UTC on 31 December is already 1 January in Oslo.
    expect(osloDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(osloDay(new Date('2027-06-30T22:30:00Z'))).toBe('2027-07-01');
    expect(osloDay(new Date('2027-06-30T21:30:00Z'))).toBe('2027-06-30');
  });

  it('takes today and later, refuses yesterday, and takes no date ("Etter avtale")', () => {
    const justAfterMidnight = makeOsloDate(2027, 3, 1, 0, 5);
    expect(takeoverDateProblem('2027-03-01', justAfterMidnight)).toBeNull();
    expect(takeoverDateProblem('2031-03-01', justAfterMidnight)).toBeNull();
    expect(takeoverDateProblem('2027-02-28', justAfterMidnight)).toBe(
      'Overtakelsesdato kan ikke være tilbake i tid',
    );
    expect(takeoverDateProblem(null, justAfterMidnight)).toBeNull();
  });
});
