import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  bidDeadlineProblem,
  bidderPseudonym,
  earliestBidDeadline,
  isBidLive,
  minimumNextBid,
} from './bids';

const at = (iso: string) => new Date(iso);

describe('bid rules', () => {
  it.each([
    [1_000_000, null, 1_000_000],
    [1_000_000, 1_200_000, 1_200_001],
    [1_000_000, 900_000, 1_000_000],
  ])('minimumNextBid(%i, %s) = %i', (start, highest, expected) => {
    expect(minimumNextBid(start, highest)).toBe(expected);
  });

  it.each([
    [0, 100, null, 'Beløp må være større enn 0'],
    [1.5, 1, null, 'Beløp må være større enn 0'],
    [10_000_000_001, 1, null, 'Beløpet kan ikke være høyere enn 10 000 000 000 kr'],
    [99, 100, null, 'Budet må være minst like høyt som startprisen'],
    [150, 100, 150, 'Budet må være høyere enn det høyeste budet'],
    [151, 100, 150, null],
    [100, 100, null, null],
    [10_000_000_000, 1, null, null],
  ])('amountProblem(%d, start %d, highest %s) = %s', (amount, start, highest, expected) => {
    expect(amountProblem(amount, start, highest)).toBe(expected);
  });

  it('the earliest acceptance deadline follows the round’s shortest deadline', () => {
    const now = at('2026-11-23T10:00:00Z');
    expect(earliestBidDeadline(now, null).toISOString()).toBe('2026-11-23T10:30:00.000Z');
    expect(earliestBidDeadline(now, at('2026-11-24T11:00:00Z')).toISOString()).toBe(
      '2026-11-24T11:00:00.000Z',
    );
    expect(earliestBidDeadline(now, at('2026-11-20T11:00:00Z')).toISOString()).toBe(
      '2026-11-23T10:30:00.000Z',
    );
  });

  it.each([
    ['2026-11-23T10:29:00Z', null, 'Akseptfrist må være minst 30 minutter frem i tid'],
    ['2026-11-23T10:30:00Z', null, null],
    [
      '2026-11-24T10:00:00Z',
      '2026-11-24T11:00:00Z',
      'Akseptfristen kan ikke være før korteste akseptfrist for budrunden',
    ],
    ['2026-11-24T11:00:00Z', '2026-11-24T11:00:00Z', null],
  ])('bidDeadlineProblem(%s, min %s) = %s', (deadline, minimum, expected) => {
    expect(bidDeadlineProblem(at(deadline), at('2026-11-23T10:00:00Z'), minimum ? at(minimum) : null)).toBe(
      expected,
    );
  });

  it.each([
    [0, 'Budgiver A'],
    [1, 'Budgiver B'],
    [25, 'Budgiver Z'],
    [26, 'Budgiver AA'],
    [27, 'Budgiver AB'],
    [701, 'Budgiver ZZ'],
    [702, 'Budgiver AAA'],
  ])('bidderPseudonym(%i) = %s', (index, expected) => {
    expect(bidderPseudonym(index)).toBe(expected);
  });

  describe('isBidLive', () => {
    const now = at('2026-11-23T12:00:00Z');
    it.each([
      ['2026-11-23T12:00:00.001Z', false, true],
      ['2026-11-23T12:00:00.000Z', false, false],
      ['2026-11-23T11:59:59.999Z', false, false],
      [null, false, true],
      ['2026-11-24T12:00:00Z', true, false],
    ])('deadline %s, bidder deleted %s: live %s', (deadline, bidderDeleted, live) => {
      expect(isBidLive({ bidDeadline: deadline, bidderDeleted }, now)).toBe(live);
    });
  });
});
