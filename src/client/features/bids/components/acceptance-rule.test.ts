import { describe, expect, it } from 'vitest';
import { acceptanceRuleText, THIRTY_MINUTES_RULE } from './acceptance-rule';

// Tuesday 30 March 2027 12:00 in Oslo (summer time): the 12:00 rule (decision 045) after a viewing on
// 24 March.
const TUESDAY_NOON = '2027-03-30T10:00:00.000Z';
const NOW = new Date('2027-03-24T18:00:00Z');

describe('the bid form says what the shortest acceptance deadline is and why', () => {
  it('names the 12:00 rule after the last viewing', () => {
    expect(
      acceptanceRuleText({ minimumBidDeadline: TUESDAY_NOON, minimumBidDeadlineReason: 'viewing' }, NOW),
    ).toBe('Korteste akseptfrist: tirsdag 30. mars kl. 12:00 (første virkedag etter siste visning)');
  });

  it("names the seller's own", () => {
    expect(
      acceptanceRuleText({ minimumBidDeadline: TUESDAY_NOON, minimumBidDeadlineReason: 'seller' }, NOW),
    ).toBe('Korteste akseptfrist: tirsdag 30. mars kl. 12:00 (satt av selgeren)');
  });

  it('adds the year when the deadline is in another year', () => {
    const late = new Date('2026-12-30T12:00:00Z');
    expect(
      acceptanceRuleText({ minimumBidDeadline: TUESDAY_NOON, minimumBidDeadlineReason: 'viewing' }, late),
    ).toBe('Korteste akseptfrist: tirsdag 30. mars 2027 kl. 12:00 (første virkedag etter siste visning)');
  });

  it('gives the 30-minute rule when there is no minimum, or it is no longer what holds', () => {
    expect(acceptanceRuleText({ minimumBidDeadline: null, minimumBidDeadlineReason: null }, NOW)).toBe(
      THIRTY_MINUTES_RULE,
    );
    const minutesBefore = new Date(Date.parse(TUESDAY_NOON) - 20 * 60_000);
    expect(
      acceptanceRuleText(
        { minimumBidDeadline: TUESDAY_NOON, minimumBidDeadlineReason: 'viewing' },
        minutesBefore,
      ),
    ).toBe(THIRTY_MINUTES_RULE);
  });
});
