import type { Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { enqueueMail } from '../../mail/mail-jobs';
import { roundDeletedMail } from '../../mail/round-mails';
import { findAccount } from '../accounts/accounts.service';
import { recordAdminAction } from '../admin-actions/admin-actions.service';
import { deleteRoundAndProperty, endRoundForDeletion } from '../bid-rounds/round-lifecycle.service';
import { dropQueuedRoundMessages } from '../bids/bid-notices';
import { dropQueuedBidJobs } from '../bids/bid-notifications';
import { findBidsWithBidders, ROUND_NOT_FOUND } from '../bids/bids.service';
import { dropQueuedCounterOfferJobs } from '../counter-offers/counter-offer-notices';
import { counterOffersOfRound } from '../counter-offers/counter-offer-records';
import { forgetProofsOfRound } from '../financing-proofs/financing-proofs.service';
import { markRoundJournalsDeleted } from '../journals/journals.service';
import { enqueuePhotoDeletion } from '../photos/photo-deletion.service';
import { forgetProspectusOf } from '../prospectus/prospectus.service';
import { recordDeleted } from '../round-chain/round-acts';

/** Whatever was queued about the round and has not run yet: messages, digests, lapse and counter-offer timers. */
async function dropQueuedWorkOfRound(tx: Tx, roundId: string, bidIds: string[]): Promise<void> {
  await dropQueuedRoundMessages(tx, roundId);
  await dropQueuedBidJobs(tx, bidIds);
  await dropQueuedCounterOfferJobs(
    tx,
    (await counterOffersOfRound(tx, roundId)).map((o) => o.id),
  );
}

/** The owner and every bidder whose account still exists, each once: they hear of the deletion. */
async function peopleOf(tx: Tx, round: LockedRound, bids: Awaited<ReturnType<typeof findBidsWithBidders>>) {
  const bidders = new Map(bids.filter((b) => !b.user.deletedAt).map((b) => [b.userId, b.user]));
  const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
  return [...(owner ? [owner] : []), ...[...bidders].filter(([id]) => id !== owner?.id).map(([, u]) => u)];
}

/**
 * Deletes a round in one transaction, under the round's lock (so no bid or close can slip in), and keeps its
 * record (decision 042): a round still open is ended first, so that the owner and every bidder have a
 * journal, every journal of the round is marked with the deletion's time, and the deletion is the last act
 * of the round's chain (decision 040). Then what was queued about it
 * goes, the owner and every bidder are told, the round goes with its property, bids and followers, and the
 * audit row is written. The photos go after the commit, by a job that keeps any another round shows
 * (photo-deletion.service.ts): storage is not part of the transaction.
 */
export async function deleteRoundAsAdmin(deps: AppDeps, admin: Viewer, roundId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    await endRoundForDeletion(tx, deps, round, admin.id);
    const bids = await findBidsWithBidders(tx, round.id);
    const deletedAt = await databaseNow(tx);
    const journals = await markRoundJournalsDeleted(tx, round.id, deletedAt);
    // The chain has no foreign key to the round and outlives it; the deletion is its last act, appended
    // while the round's row (whose lock append_round_act takes) still exists.
    await recordDeleted(tx, round.id, deletedAt);
    await dropQueuedWorkOfRound(
      tx,
      round.id,
      bids.map((b) => b.id),
    );
    // Queued after the drop, and naming no round: nothing removes it.
    for (const person of await peopleOf(tx, round, bids))
      await enqueueMail(tx, roundDeletedMail(person, round));

    await forgetProofsOfRound(tx, round.id);
    await forgetProspectusOf(tx, round.propertyId);
    await deleteRoundAndProperty(tx, round);
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'deleted' });
    await recordAdminAction(
      tx,
      admin,
      'delete-round',
      { type: 'round', id: round.id },
      // The title names the round; the address stays out of a table that is never pruned.
      `Slettet budrunden «${round.title}» med ${bids.length} bud; ${journals} budjournaler er beholdt`,
    );
    // Each photo with its sizes once this commits, unless another round shows it too by then.
    await enqueuePhotoDeletion(tx, [
      ...new Set([...(round.imageUrl ? [round.imageUrl] : []), ...round.imageUrls]),
    ]);
  });
}
