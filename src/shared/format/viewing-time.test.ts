import { describe, expect, it } from 'vitest';
import {
  formatViewingTime,
  formatWeekdayDate,
  formatWeekdayDateTime,
  isViewingOver,
  nextViewingLine,
} from './viewing-time';

const NOW = new Date('2026-11-26T04:00:00Z');

describe('viewing times in Oslo', () => {
  it('writes a viewing as a Norwegian listing does, on Oslo clocks', () => {
    expect(formatViewingTime('2026-11-29T12:00:00Z', '2026-11-29T13:00:00Z', NOW)).toBe(
      'Visning søndag 29. november kl. 13:00–14:00',
    );
    // Summer time: +2.
    expect(formatViewingTime('2026-06-14T15:30:00Z', '2026-06-14T16:15:00Z', NOW)).toBe(
      'Visning søndag 14. juni kl. 17:30–18:15',
    );
  });

  it('names every weekday in lower case', () => {
    const days = ['30', '01', '02', '03', '04', '05', '06'].map((day, i) =>
      formatWeekdayDate(`2026-${i === 0 ? '11' : '12'}-${day}T12:00:00Z`, NOW),
    );
    expect(days).toEqual([
      'mandag 30. november',
      'tirsdag 1. desember',
      'onsdag 2. desember',
      'torsdag 3. desember',
      'fredag 4. desember',
      'lørdag 5. desember',
      'søndag 6. desember',
    ]);
  });

  it('takes the day in Oslo, not in UTC', () => {
    // 23:30 UTC on Saturday is 00:30 on Sunday in Oslo.
    expect(formatWeekdayDateTime('2026-11-28T23:30:00Z', NOW)).toBe('søndag 29. november kl. 00:30');
  });

  it('adds the year only when it is not this year in Oslo', () => {
    expect(formatWeekdayDateTime('2027-03-30T10:00:00Z', NOW)).toBe('tirsdag 30. mars 2027 kl. 12:00');
    expect(formatWeekdayDateTime('2027-03-30T10:00:00Z', new Date('2027-01-02T12:00:00Z'))).toBe(
      'tirsdag 30. mars kl. 12:00',
    );
    // 23:30 UTC on New Year's Eve is already next year in Oslo.
    expect(formatWeekdayDate('2027-01-05T12:00:00Z', new Date('2026-12-31T23:30:00Z'))).toBe(
      'tirsdag 5. januar',
    );
  });

  it('names the end day too if a viewing ever ran past midnight', () => {
    expect(formatViewingTime('2026-11-29T22:00:00Z', '2026-11-30T00:00:00Z', NOW)).toBe(
      'Visning søndag 29. november kl. 23:00–mandag 30. november kl. 01:00',
    );
  });
});

describe('the next viewing on a card', () => {
  const sunday = { startsAt: '2026-11-29T12:00:00Z', endsAt: '2026-11-29T13:00:00Z' };
  const tuesday = { startsAt: '2026-12-01T16:00:00Z', endsAt: '2026-12-01T17:00:00Z' };
  const thursday = { startsAt: '2026-12-03T16:00:00Z', endsAt: '2026-12-03T17:00:00Z' };

  it('shows the first one to come and counts the rest', () => {
    expect(nextViewingLine([tuesday, sunday, thursday], NOW)).toBe(
      'Visning søndag 29. november kl. 13:00–14:00 (+2 til)',
    );
    expect(nextViewingLine([sunday], NOW)).toBe('Visning søndag 29. november kl. 13:00–14:00');
  });

  it('skips those that are over, but not one under way', () => {
    const during = new Date('2026-11-29T12:30:00Z');
    expect(isViewingOver(sunday, during)).toBe(false);
    expect(nextViewingLine([sunday, tuesday], during)).toBe(
      'Visning søndag 29. november kl. 13:00–14:00 (+1 til)',
    );
    const after = new Date('2026-11-29T13:00:00Z');
    expect(isViewingOver(sunday, after)).toBe(true);
    expect(nextViewingLine([sunday, tuesday], after)).toBe('Visning tirsdag 1. desember kl. 17:00–18:00');
  });

  it('says nothing when no viewing is to come', () => {
    expect(nextViewingLine([], NOW)).toBeNull();
    expect(nextViewingLine([sunday], new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });
});
