import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { isRoundOpen } from './round-badges';

const byDeadline = (a: BidRoundView, b: BidRoundView) => Date.parse(a.deadline) - Date.parse(b.deadline);

/**
 * The rounds a list unfolds (SPEC §2): every open round the user owns or has bid on. A user with none of
 * their own gets the open round closest to its deadline, where they are most likely to act; with no open
 * round, none is unfolded.
 */
export function pickRoundsToUnfold(rounds: BidRoundView[], now: Date): Set<string> {
  const open = rounds.filter((round) => isRoundOpen(round, now)).sort(byDeadline);
  const own = open.filter((round) => round.isOwner || round.hasBid);
  const picked = own.length > 0 ? own : open.slice(0, 1);
  return new Set(picked.map((round) => round.id));
}

/** Rounds that no longer take bids, most recently ended first. */
export function endedRounds(rounds: BidRoundView[], now: Date): BidRoundView[] {
  const endedAt = (round: BidRoundView) => Date.parse(round.closedAt ?? round.deadline);
  return rounds.filter((round) => !isRoundOpen(round, now)).sort((a, b) => endedAt(b) - endedAt(a));
}
