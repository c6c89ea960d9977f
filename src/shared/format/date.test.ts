import { describe, expect, it } from 'vitest';
import {
  formatDayMonth,
  formatLongDate,
  formatShortDateTime,
  getOsloParts,
  makeOsloDate,
  OSLO_TZ,
} from './date';

// Summer (CEST, +2), winter (CET, +1), and instants that fall on another calendar day in Oslo than in UTC.
const CASES: Array<[string, string, string, string]> = [
  ['2026-11-23T13:05:00Z', '23. november 2026 kl. 14:05', '23. november', '23.11.2026 14:05'],
  ['2026-07-01T10:00:00Z', '1. juli 2026 kl. 12:00', '1. juli', '01.07.2026 12:00'],
  ['2026-01-15T11:00:00Z', '15. januar 2026 kl. 12:00', '15. januar', '15.01.2026 12:00'],
  ['2026-03-31T22:30:00Z', '1. april 2026 kl. 00:30', '1. april', '01.04.2026 00:30'],
  ['2026-12-31T23:00:00Z', '1. januar 2027 kl. 00:00', '1. januar', '01.01.2027 00:00'],
  ['2026-02-28T23:59:00Z', '1. mars 2026 kl. 00:59', '1. mars', '01.03.2026 00:59'],
  ['2026-05-17T06:09:00Z', '17. mai 2026 kl. 08:09', '17. mai', '17.05.2026 08:09'],
  ['2026-08-09T21:59:59Z', '9. august 2026 kl. 23:59', '9. august', '09.08.2026 23:59'],
  ['2026-09-30T22:00:00Z', '1. oktober 2026 kl. 00:00', '1. oktober', '01.10.2026 00:00'],
  ['2026-06-30T21:45:00Z', '30. juni 2026 kl. 23:45', '30. juni', '30.06.2026 23:45'],
  ['2026-12-24T15:00:00Z', '24. desember 2026 kl. 16:00', '24. desember', '24.12.2026 16:00'],
  ['2026-09-14T00:00:00+02:00', '14. september 2026 kl. 00:00', '14. september', '14.09.2026 00:00'],
  ['2026-02-02T00:05:00+01:00', '2. februar 2026 kl. 00:05', '2. februar', '02.02.2026 00:05'],
];

describe('Oslo date formatting', () => {
  it('uses the Oslo time zone', () => {
    expect(OSLO_TZ).toBe('Europe/Oslo');
  });

  it.each(CASES)('formats %s', (iso, long, dayMonth, short) => {
    expect(formatLongDate(iso)).toBe(long);
    expect(formatLongDate(new Date(iso))).toBe(long);
    expect(formatDayMonth(iso)).toBe(dayMonth);
    expect(formatShortDateTime(new Date(iso))).toBe(short);
  });

  it('rejects invalid input instead of printing "NaN"', () => {
    expect(() => formatLongDate('ikke en dato')).toThrow(RangeError);
  });
});

describe('getOsloParts', () => {
  it.each([
    ['2026-03-31T22:30:00Z', { year: 2026, month: 4, day: 1, hour: 0, minute: 30 }],
    ['2026-07-01T10:00:00Z', { year: 2026, month: 7, day: 1, hour: 12, minute: 0 }],
    ['2026-01-15T11:00:00Z', { year: 2026, month: 1, day: 15, hour: 12, minute: 0 }],
    ['2026-12-31T23:30:00Z', { year: 2027, month: 1, day: 1, hour: 0, minute: 30 }],
    ['2026-10-25T00:30:00Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }],
    ['2026-10-25T01:30:00Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }],
  ])('splits %s', (iso, expected) => {
    expect(getOsloParts(iso)).toEqual(expected);
  });
});

describe('getOsloParts without Intl', () => {
  // The hand-written EU rule must agree with the tz database's Europe/Oslo, the source it stands in for.
  const tz = new Intl.DateTimeFormat('en-US', {
    timeZone: OSLO_TZ,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const fromTz = (instant: number) => {
    const parts = Object.fromEntries(tz.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  };

  // Every 5th hour from 1996 to 2040 (5 and 24 share no factor, so every hour of the day comes round), and
  // every hour of the weeks in which the clocks change (the last days of March and October). A quarter of
  // the Intl calls of checking every hour, which took over 5 s on a busy CI machine.
  it('agrees with the tz database from 1996 to 2040, on every hour of the weeks with a clock change', () => {
    const HOUR = 60 * 60 * 1000;
    const instants: number[] = [];
    for (let instant = Date.UTC(1996, 0, 1); instant < Date.UTC(2041, 0, 1); instant += 5 * HOUR)
      instants.push(instant);
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const from = Date.UTC(year, month, 24);
        for (let instant = from; instant < from + 9 * 24 * HOUR; instant += HOUR) instants.push(instant);
      }
    }
    const disagreements: string[] = [];
    for (const instant of instants) {
      const ours = JSON.stringify(getOsloParts(new Date(instant)));
      const theirs = JSON.stringify(fromTz(instant));
      if (ours !== theirs) disagreements.push(`${new Date(instant).toISOString()}: ${ours} ≠ ${theirs}`);
    }
    expect(disagreements).toEqual([]);
  }, 30_000);

  it('agrees on every minute of the hours around each clock change of 2026 and 2027', () => {
    for (const change of [
      '2026-03-29T01:00Z',
      '2026-10-25T01:00Z',
      '2027-03-28T01:00Z',
      '2027-10-31T01:00Z',
    ]) {
      const at = Date.parse(change);
      for (let instant = at - 2 * 60 * 60 * 1000; instant < at + 2 * 60 * 60 * 1000; instant += 60 * 1000) {
        expect(getOsloParts(new Date(instant)), new Date(instant).toISOString()).toEqual(fromTz(instant));
      }
    }
  });
});

describe('makeOsloDate', () => {
  it.each([
    ['summer', [2026, 7, 1, 12, 0], '2026-07-01T10:00:00.000Z'],
    ['winter', [2026, 1, 15, 12, 0], '2026-01-15T11:00:00.000Z'],
    ['Oslo midnight is the previous UTC day', [2026, 4, 1, 0, 30], '2026-03-31T22:30:00.000Z'],
    ['new year', [2027, 1, 1, 0, 0], '2026-12-31T23:00:00.000Z'],
    ['spring change, before', [2026, 3, 29, 1, 59], '2026-03-29T00:59:00.000Z'],
    ['spring change, skipped hour', [2026, 3, 29, 2, 30], '2026-03-29T01:30:00.000Z'],
    ['spring change, after', [2026, 3, 29, 3, 0], '2026-03-29T01:00:00.000Z'],
    ['spring change, evening', [2026, 3, 29, 23, 0], '2026-03-29T21:00:00.000Z'],
    ['autumn change, before', [2026, 10, 25, 1, 30], '2026-10-24T23:30:00.000Z'],
    ['autumn change, repeated hour', [2026, 10, 25, 2, 30], '2026-10-25T00:30:00.000Z'],
    ['autumn change, after', [2026, 10, 25, 3, 0], '2026-10-25T02:00:00.000Z'],
    ['autumn change, evening', [2026, 10, 25, 23, 0], '2026-10-25T22:00:00.000Z'],
    ['leap day', [2028, 2, 29, 9, 15], '2028-02-29T08:15:00.000Z'],
    ['rolls over like Date.UTC', [2026, 13, 1, 0, 0], '2026-12-31T23:00:00.000Z'],
  ] as const)('%s', (_label, [year, month, day, hour, minute], expected) => {
    expect(makeOsloDate(year, month, day, hour, minute).toISOString()).toBe(expected);
  });

  it('returns an invalid date for non-numeric input', () => {
    expect(Number.isNaN(makeOsloDate(Number.NaN, 1, 1, 0, 0).getTime())).toBe(true);
  });

  it.each([
    [2026, 1, 15, 12, 0],
    [2026, 7, 1, 8, 45],
    [2026, 11, 23, 14, 5],
  ])('round-trips %i-%i-%i %i:%i through getOsloParts', (year, month, day, hour, minute) => {
    expect(getOsloParts(makeOsloDate(year, month, day, hour, minute))).toEqual({
      year,
      month,
      day,
      hour,
      minute,
    });
  });
});
