import { describe, expect, it } from 'vitest';
import { getOsloParts, makeOsloDate } from '../format/date';
import { earliestBidDeadline } from './bids';
import { defaultBidDeadline } from './default-bid-deadline';
import { viewingBidDeadline } from './viewing-deadline';

/** An instant given as Oslo clocks show it: 'YYYY-MM-DD HH:mm'. */
function oslo(wall: string): Date {
  const [date = '', time = ''] = wall.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return makeOsloDate(y ?? 0, m ?? 1, d ?? 1, h ?? 0, min ?? 0);
}

/** How Oslo clocks show an instant: 'YYYY-MM-DD HH:mm'. */
function onOsloClocks(instant: Date): string {
  const p = getOsloParts(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

const defaultAt = (now: string, minimum: string | null = null) =>
  onOsloClocks(defaultBidDeadline(oslo(now), minimum ? oslo(minimum) : null));

describe('the pre-filled akseptfrist is never at night on Oslo clocks', () => {
  it.each([
    ['2026-07-01 09:03', '2026-07-01 15:05'],
    ['2026-07-01 15:50', '2026-07-01 21:50'],
    ['2026-11-23 02:00', '2026-11-23 08:00'],
    ['2026-11-23 01:57', '2026-11-23 08:00'],
  ])('in the daytime it stays 6 hours ahead on a 5-minute mark: %s gives %s', (now, expected) => {
    expect(defaultAt(now)).toBe(expected);
  });

  it.each([
    ['2026-07-01 15:56', '2026-07-02 12:00'],
    ['2026-07-01 16:00', '2026-07-02 12:00'],
    ['2026-07-01 17:59', '2026-07-02 12:00'],
    ['2026-12-31 17:00', '2027-01-01 12:00'],
    ['2026-01-31 20:10', '2026-02-01 12:00'],
  ])('at or after 22:00 it moves to 12:00 the next day: %s gives %s', (now, expected) => {
    expect(defaultAt(now)).toBe(expected);
  });

  it.each([
    ['2026-07-01 21:45', '2026-07-02 12:00'],
    ['2026-07-01 18:00', '2026-07-02 12:00'],
    ['2026-11-23 01:50', '2026-11-23 12:00'],
  ])('after midnight and before 08:00 it moves to 12:00 that morning’s day: %s gives %s', (now, expected) => {
    expect(defaultAt(now)).toBe(expected);
  });

  it.each([
    // Spring: on 29 March 2026 Oslo clocks jump from 02:00 to 03:00.
    ['2026-03-28 17:00', '2026-03-29 12:00'],
    ['2026-03-28 20:30', '2026-03-29 12:00'],
    // Six real hours from 01:30 show as seven on the clock: 08:30 is daytime.
    ['2026-03-29 01:30', '2026-03-29 08:30'],
    ['2026-03-29 00:30', '2026-03-29 12:00'],
    ['2026-03-29 03:30', '2026-03-29 09:30'],
    // Autumn: on 25 October 2026 Oslo clocks fall back from 03:00 to 02:00.
    ['2026-10-24 21:00', '2026-10-25 12:00'],
    ['2026-10-25 01:30', '2026-10-25 12:00'],
    ['2026-10-25 03:00', '2026-10-25 09:00'],
    ['2026-10-24 15:00', '2026-10-24 21:00'],
  ])('across a summer-time change it counts on Oslo clocks: %s gives %s', (now, expected) => {
    expect(defaultAt(now)).toBe(expected);
  });

  it('12:00 after a change is the real noon in Oslo, in summer and winter time', () => {
    expect(defaultBidDeadline(oslo('2026-03-28 20:30'), null).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(defaultBidDeadline(oslo('2026-10-24 21:00'), null).toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('counts from the round’s shortest acceptance deadline when that is later than now', () => {
    // The 12:00 rule after a viewing: 6 hours after 12:00 is daytime.
    const afterViewing = viewingBidDeadline(oslo('2026-11-19 19:00'));
    expect(onOsloClocks(afterViewing)).toBe('2026-11-20 12:00');
    expect(onOsloClocks(defaultBidDeadline(oslo('2026-11-18 10:00'), afterViewing))).toBe('2026-11-20 18:00');
    // A seller's own shortest deadline in the evening: 6 hours later is night, so 12:00 the next day.
    expect(defaultAt('2026-11-18 10:00', '2026-11-20 20:00')).toBe('2026-11-21 12:00');
    expect(defaultAt('2026-11-18 10:00', '2026-11-20 16:30')).toBe('2026-11-21 12:00');
    // An earlier shortest deadline is already past: the default counts from now.
    expect(defaultAt('2026-11-23 10:00', '2026-11-20 20:00')).toBe('2026-11-23 16:00');
  });

  it('for every 5 minutes of two weeks around both summer-time changes, the default is daytime and allowed', () => {
    for (const start of ['2026-03-22 00:00', '2026-10-18 00:00']) {
      const from = oslo(start).getTime();
      for (let t = from; t < from + 14 * 86_400_000; t += 5 * 60_000) {
        const now = new Date(t);
        for (const minimum of [null, new Date(t + 27 * 3_600_000)]) {
          const chosen = defaultBidDeadline(now, minimum);
          const hour = getOsloParts(chosen).hour;
          expect(hour >= 8 && hour < 22, `${onOsloClocks(now)} gave ${onOsloClocks(chosen)}`).toBe(true);
          expect(chosen.getTime()).toBeGreaterThanOrEqual(earliestBidDeadline(now, minimum).getTime());
          const base = Math.max(t, minimum?.getTime() ?? 0) + 6 * 3_600_000;
          expect(chosen.getTime()).toBeGreaterThanOrEqual(base);
          // Never more than the night away: at most until 12:00 the day after.
          expect(chosen.getTime() - base).toBeLessThanOrEqual(15 * 3_600_000);
        }
      }
    }
  });
});
