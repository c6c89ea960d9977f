import { viewingTimeProblem } from '../../../shared/rules/viewings';
import type { ViewingView } from '../../../shared/schemas/bid-round';
import type { CreateViewingInput } from '../../../shared/schemas/viewing';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { deletePendingJobsNaming, enqueueJob } from '../../jobs/queue';
import { recordRoundChange } from '../bid-rounds/round-changes';
import { lockOpenRoundToManage } from '../bid-rounds/round-lifecycle.service';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { refreshMinimumBidDeadline } from './minimum-bid-deadline';
import {
  deleteViewing,
  findRoundListing,
  findViewing,
  insertViewing,
  type StoredViewing,
} from './viewings.repository';

export const VIEWING_ENDED_JOB = 'viewing:ended';
export const VIEWING_NOT_FOUND = 'Fant ikke visningen';
export const VIEWING_IS_OVER = 'Visningen har allerede vært';
export const VIEWING_HAS_BEGUN = 'Visningen har allerede begynt';
export const VIEWING_REMOVED = 'Visningen er fjernet';

export const toViewingView = (v: StoredViewing): ViewingView => ({
  id: v.id,
  startsAt: v.startsAt.toISOString(),
  endsAt: v.endsAt.toISOString(),
  note: v.note,
});

/**
 * Adds a viewing (decision 045) under the round's lock: the 12:00 rule's shortest acceptance deadline moves
 * in the same transaction, so no bid can be placed against the old one after this commits. Followers hear of
 * it (recordRoundChange), and the viewing's list gets its follow-up mail when it ends (a durable job that
 * names the round, so that the round's deletion drops it, decision 042).
 */
export async function addViewing(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  input: CreateViewingInput,
): Promise<ViewingView> {
  return deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const problem = viewingTimeProblem(startsAt, endsAt, now, round.deadline);
    if (problem) throw new ValidationError(problem.message, [problem]);
    const viewing = await insertViewing(tx, {
      bidRoundId: roundId,
      startsAt,
      endsAt,
      note: input.note || null,
    });
    await refreshMinimumBidDeadline(tx, roundId, now);
    await recordRoundChange(tx, deps, round, viewer, ['viewing-added'], now);
    await enqueueJob(tx, VIEWING_ENDED_JOB, { roundId, viewingId: viewing.id }, { runAt: endsAt });
    return toViewingView(viewing);
  });
}

/**
 * Removes a viewing that has not yet begun; its list and its follow-up go with it. One that has begun
 * stays: buyers came to it, and its 12:00 deadline protects them (decision 045). With the last viewing gone,
 * the seller's own shortest deadline, or none, applies again.
 */
export async function removeViewing(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  viewingId: string,
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const viewing = await findViewing(tx, roundId, viewingId);
    if (!viewing) throw new NotFound(VIEWING_NOT_FOUND);
    if (viewing.endsAt <= now) throw new Conflict(VIEWING_IS_OVER);
    if (viewing.startsAt <= now) throw new Conflict(VIEWING_HAS_BEGUN);
    await deleteViewing(tx, viewingId);
    // Its follow-up would find nothing to send; it need not wait in the queue until then.
    await deletePendingJobsNaming(tx, 'viewingId', [viewingId]);
    await refreshMinimumBidDeadline(tx, roundId, now);
    await recordRoundChange(tx, deps, round, viewer, ['viewing-removed'], now);
    return { message: VIEWING_REMOVED };
  });
}

/** A viewing of the round, read without a lock; 404 naming the round or the viewing, whichever is unknown. */
export async function viewingOfRound(db: DbOrTx, roundId: string, viewingId: string) {
  const viewing = await findViewing(db, roundId, viewingId);
  if (viewing) return viewing;
  throw new NotFound((await findRoundListing(db, roundId)) ? VIEWING_NOT_FOUND : ROUND_NOT_FOUND);
}
