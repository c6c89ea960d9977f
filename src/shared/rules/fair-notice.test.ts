import { describe, expect, it } from 'vitest';
import { allOthersDone, guardOpen, unseenBidders, unseenSentence } from './fair-notice';

const bidder = (label: string, more: Partial<Parameters<typeof unseenSentence>[0]> = {}) => ({
  label,
  isLeading: false,
  notifiedAt: null,
  notifiedChannels: [] as ('sms' | 'email')[],
  seenAt: null,
  answer: null,
  ...more,
});

describe('the guard before Velg som vinner', () => {
  it('is open while the latest bid is younger than the minutes', () => {
    const at = new Date('2026-12-07T13:00:00Z');
    expect(guardOpen(at, new Date('2026-12-07T13:14:59Z'), 15)).toBe(true);
    expect(guardOpen(at, new Date('2026-12-07T13:15:00Z'), 15)).toBe(false);
    expect(guardOpen(null, at, 15)).toBe(false);
    expect(guardOpen(at, at, 0)).toBe(false);
  });

  it('lists the others who neither saw nor answered, never the chosen one or the leader', () => {
    const states = [
      bidder('Budgiver A'),
      bidder('Budgiver B', { seenAt: '2026-12-07T13:02:00Z' }),
      bidder('Budgiver C', { answer: 'considering' }),
      bidder('Budgiver D', { isLeading: true }),
      bidder('Budgiver E'),
    ];
    expect(unseenBidders(states, 'Budgiver E').map((b) => b.label)).toEqual(['Budgiver A']);
  });

  it('says how and when an unseen bidder was told', () => {
    const told = bidder('Budgiver B', {
      notifiedAt: '2026-12-07T13:02:00Z',
      notifiedChannels: ['sms', 'email'],
    });
    expect(unseenSentence(told)).toBe(
      'Budgiver B har ikke sett det siste budet ennå (varslet 14:02 på SMS og e-post).',
    );
    expect(unseenSentence(bidder('Budgiver C'))).toBe(
      'Budgiver C har ikke sett det siste budet ennå (ikke varslet ennå).',
    );
  });

  it('knows when every other bidder has said they bid no more', () => {
    const done = [bidder('Budgiver A', { answer: 'done' }), bidder('Budgiver B', { isLeading: true })];
    expect(allOthersDone(done, 'Budgiver B')).toBe(true);
    expect(allOthersDone([...done, bidder('Budgiver C')], 'Budgiver B')).toBe(false);
    expect(allOthersDone([bidder('Budgiver B', { isLeading: true })], 'Budgiver B')).toBe(false);
  });
});
