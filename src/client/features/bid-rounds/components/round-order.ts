import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { isRoundOpen } from './round-badges';

const byDeadline = (a: BidRoundView, b: BidRoundView) => Date.parse(a.deadline) - Date.parse(b.deadline);

/**
 * The one round a list unfolds: the open round closest to its deadline, where the user is most likely to
 * act. Rounds the user owns or has bid on come first; with no open round, none is unfolded. Unfolding every
 * round of the user's made the page several screens long.
 */
export function pickRoundToUnfold(rounds: BidRoundView[], now: Date): string | null {
  const open = rounds.filter((round) => isRoundOpen(round, now)).sort(byDeadline);
  const own = open.find((round) => round.isOwner || round.hasBid);
  return (own ?? open[0])?.id ?? null;
}

/** Rounds that no longer take bids, most recently ended first. */
export function endedRounds(rounds: BidRoundView[], now: Date): BidRoundView[] {
  const endedAt = (round: BidRoundView) => Date.parse(round.closedAt ?? round.deadline);
  return rounds.filter((round) => !isRoundOpen(round, now)).sort((a, b) => endedAt(b) - endedAt(a));
}
