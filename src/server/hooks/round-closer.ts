import type { Tx } from '../db/client';
import type { LockedRound } from '../db/round-lock';
import type { AppDeps } from '../deps';

/**
 * Ends a locked, open round with `bidId` as the winner, chosen by the bidder `by` accepting the seller's
 * counter-offer (decision 035), in the caller's transaction: exactly as 'Velg som vinner' ends it, with the
 * journals, the event and every participant's message.
 */
export type RoundCloser = (
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  bidId: string,
  by: string,
) => Promise<void>;

// bid-rounds ends rounds, and reads the counter-offers as it does (to settle them, for the journals and the
// live views), so counter-offers lies below it in the order of feature folders (decision 056). The one call
// the other way, an accepted counter-offer ending its round, goes through the closer bid-rounds registers
// here from the composition root (app.ts), as job handlers are registered with jobs/.
let closer: RoundCloser | undefined;

export function registerRoundCloser(close: RoundCloser): void {
  closer = close;
}

/** The registered closer; throws if app.ts was never loaded, rather than leave the round open. */
export function closeRoundOnAcceptance(
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  bidId: string,
  by: string,
): Promise<void> {
  if (!closer) throw new Error('No round closer registered: load src/server/app.ts before accepting');
  return closer(tx, deps, round, bidId, by);
}
