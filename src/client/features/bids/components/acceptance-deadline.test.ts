import { describe, expect, it } from 'vitest';
import {
  dateFromParts,
  defaultDeadlineParts,
  firstSelectableDay,
  hourOptions,
  minuteOptions,
  osloDay,
  partsFromDate,
} from './acceptance-deadline';

const enabled = (options: { value: string; disabled: boolean }[]) =>
  options.filter((option) => !option.disabled).map((option) => option.value);

describe('acceptance deadline in Oslo time', () => {
  it('reads the Oslo day, not the UTC day', () => {
    expect(osloDay(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
  });

  it('rounds up to the next five minutes', () => {
    expect(partsFromDate(new Date('2026-07-01T10:01:00Z'))).toEqual({
      date: '2026-07-01',
      hour: '12',
      minute: '05',
    });
    expect(partsFromDate(new Date('2026-07-01T10:05:00Z'))).toEqual({
      date: '2026-07-01',
      hour: '12',
      minute: '05',
    });
  });

  it('turns parts back into the instant on Oslo clocks', () => {
    expect(dateFromParts({ date: '2026-01-15', hour: '12', minute: '00' })?.toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(dateFromParts({ date: '2026-07-01', hour: '12', minute: '00' })?.toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(dateFromParts({ date: null, hour: '12', minute: '00' })).toBeNull();
  });

  it('defaults to 6 hours after now when there is no shortest deadline', () => {
    expect(defaultDeadlineParts(new Date('2026-07-01T08:03:00Z'), null)).toEqual({
      date: '2026-07-01',
      hour: '16',
      minute: '05',
    });
  });

  it('defaults to 6 hours after a later shortest deadline', () => {
    expect(defaultDeadlineParts(new Date('2026-07-01T08:00:00Z'), new Date('2026-07-03T10:00:00Z'))).toEqual({
      date: '2026-07-03',
      hour: '18',
      minute: '00',
    });
  });

  it('starts the calendar on the day of the earliest allowed time', () => {
    expect(firstSelectableDay(new Date('2026-07-01T21:50:00Z'))).toBe('2026-07-01');
    // 23:58 in Oslo rounds to 00:00 the next day.
    expect(firstSelectableDay(new Date('2026-07-01T21:58:00Z'))).toBe('2026-07-02');
  });

  it('disables hours and minutes before the earliest time, in Oslo time', () => {
    const earliest = new Date('2026-07-01T12:20:00Z'); // 14:20 in Oslo
    const hours = hourOptions('2026-07-01', earliest);
    expect(enabled(hours)[0]).toBe('14');
    expect(hours).toHaveLength(24);
    expect(enabled(minuteOptions('2026-07-01', '14', earliest))).toEqual([
      '20',
      '25',
      '30',
      '35',
      '40',
      '45',
      '50',
      '55',
    ]);
    expect(enabled(minuteOptions('2026-07-01', '15', earliest))).toHaveLength(12);
    expect(enabled(minuteOptions('2026-07-01', '13', earliest))).toEqual([]);
    expect(enabled(hourOptions('2026-07-02', earliest))).toHaveLength(24);
  });

  it('works in winter time too', () => {
    const earliest = new Date('2026-01-15T11:00:00Z'); // 12:00 in Oslo
    expect(enabled(hourOptions('2026-01-15', earliest))[0]).toBe('12');
    expect(enabled(minuteOptions('2026-01-15', '12', earliest))[0]).toBe('00');
  });

  it('leaves everything enabled until a day is chosen', () => {
    const earliest = new Date('2026-07-01T12:20:00Z');
    expect(enabled(hourOptions(null, earliest))).toHaveLength(24);
    expect(enabled(minuteOptions(null, '13', earliest))).toHaveLength(12);
  });
});
