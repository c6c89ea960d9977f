import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left';

const NOW = new Date('2026-11-23T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeLeft', () => {
  it.each([
    ['two days, three hours, fifteen minutes', 2 * DAY + 3 * HOUR + 15 * MINUTE, '2d 3t 15m igjen'],
    ['hours and minutes', 3 * HOUR + 15 * MINUTE, '3t 15m igjen'],
    ['minutes only', 15 * MINUTE, '15m igjen'],
    ['exactly one minute', MINUTE, '1m igjen'],
    ['floors seconds away', 15 * MINUTE + 59 * SECOND, '15m igjen'],
    ['floors just under an hour', HOUR - SECOND, '59m igjen'],
    ['exactly one hour', HOUR, '1t 0m igjen'],
    ['exactly one day', DAY, '1d 0t 0m igjen'],
    ['inner zero hours', DAY + 5 * MINUTE, '1d 0t 5m igjen'],
    ['just under a day', DAY - 1, '23t 59m igjen'],
    ['many days', 40 * DAY + 23 * HOUR + 59 * MINUTE, '40d 23t 59m igjen'],
    ['59 seconds', 59 * SECOND, '< 1m igjen'],
    ['one millisecond', 1, '< 1m igjen'],
    ['at the deadline', 0, 'Utløpt'],
    ['one millisecond late', -1, 'Utløpt'],
    ['a day late', -DAY, 'Utløpt'],
  ])('%s', (_label, leftMs, expected) => {
    const deadline = new Date(NOW.getTime() + leftMs);
    expect(formatTimeLeft(deadline, NOW)).toBe(expected);
    expect(formatTimeLeft(deadline.toISOString(), NOW)).toBe(expected);
  });

  it('returns an empty string for an unparseable deadline', () => {
    expect(formatTimeLeft('ikke en dato', NOW)).toBe('');
  });
});
