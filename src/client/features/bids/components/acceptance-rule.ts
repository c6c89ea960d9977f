import { formatWeekdayDateTime } from '../../../../shared/format/viewing-time';
import { earliestBidDeadline } from '../../../../shared/rules/bids';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';

export const THIRTY_MINUTES_RULE = 'Akseptfristen må være minst 30 minutter frem i tid.';

const BECAUSE = {
  viewing: 'første virkedag etter siste visning',
  seller: 'satt av selgeren',
} as const;

/**
 * The line above the bid form's deadline picker: the shortest acceptance deadline and why it is there
 * ('Korteste akseptfrist: tirsdag 30. mars kl. 12:00 (første virkedag etter siste visning)'), for as long as
 * it is what the picker starts at; once now + 30 minutes is later, the 30-minute rule is the one that holds.
 */
export function acceptanceRuleText(
  round: Pick<BidRoundView, 'minimumBidDeadline' | 'minimumBidDeadlineReason'>,
  now: Date,
): string {
  const minimum = round.minimumBidDeadline ? new Date(round.minimumBidDeadline) : null;
  if (!minimum || earliestBidDeadline(now, minimum).getTime() !== minimum.getTime())
    return THIRTY_MINUTES_RULE;
  // A minimum without a stated reason can only be the seller's own: the 12:00 rule always names itself.
  const because = BECAUSE[round.minimumBidDeadlineReason ?? 'seller'];
  return `Korteste akseptfrist: ${formatWeekdayDateTime(minimum, now)} (${because})`;
}
