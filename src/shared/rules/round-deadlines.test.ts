import { describe, expect, it } from 'vitest';
import { defaultRoundDeadline } from './round-deadlines';

describe('defaultRoundDeadline', () => {
  it.each([
    ['2026-11-23T08:00:00Z', '2026-11-30T11:00:00.000Z'],
    // 23:30 UTC is already the next day in Oslo, so the seventh day counts from there.
    ['2026-11-23T23:30:00Z', '2026-12-01T11:00:00.000Z'],
    ['2026-06-01T10:00:00Z', '2026-06-08T10:00:00.000Z'],
    // Crossing the change to summer time keeps 12:00 on the wall clock.
    ['2026-03-25T10:00:00Z', '2026-04-01T10:00:00.000Z'],
  ])('from %s is %s', (now, expected) => {
    expect(defaultRoundDeadline(new Date(now)).toISOString()).toBe(expected);
  });
});
