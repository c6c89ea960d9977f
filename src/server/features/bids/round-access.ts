import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { ROUND_NOT_FOUND } from './bids.service';

// Who may act on a round as its seller, and the answer for one already closed: the seller's answers to a
// bid (here in bids) and counter-offers check them under the round's lock (db/round-lock.ts) as much as a
// close, a winner choice or a listing edit (bid-rounds). Here, in the lowest of the round's features, which
// already holds ROUND_NOT_FOUND, so that those below bid-rounds need not import it (decision 056).

export const ALREADY_CLOSED = 'Budrunden er allerede lukket';

/** Owner or admin, else 403; the round must exist, else 404. */
export function assertCanManage<R extends { ownerId: string | null }>(
  round: R | null,
  viewer: Viewer,
): asserts round is R {
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId !== viewer.id && !viewer.isAdmin) {
    throw new Forbidden('Bare selgeren eller en administrator kan gjøre dette');
  }
}
