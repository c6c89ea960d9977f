import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { enqueueMail } from '../../mail/mail-jobs';
import { roundDeletedMail } from '../../mail/round-mails';
import { findAccount } from '../accounts/accounts.service';
import { isPropertyImageInUse } from '../bid-rounds/bid-rounds.service';
import { deleteRoundAndProperty, lockRoundForChange } from '../bid-rounds/round-lifecycle.service';
import { findBidsWithBidders, ROUND_NOT_FOUND } from '../bids/bids.service';
import { forgetProofsOfRound } from '../financing-proofs/financing-proofs.service';
import { propertyImageKey } from '../images/upload.service';
import { countRoundJournals } from '../journals/journals.service';
import { recordAdminAction } from './admin-actions.service';

/**
 * Deletes a round with its property, bids, journals and followers in one transaction, under the round's
 * lock (so no bid or close can slip in), tells the owner and every bidder, and writes the audit row. The
 * image goes after the commit: storage is not part of the transaction, and an image left behind is
 * harmless where a round without its image is not.
 */
export async function deleteRoundAsAdmin(
  deps: AppDeps,
  admin: Viewer,
  roundId: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const imageUrl = await deps.db.transaction(async (tx) => {
    const round = await lockRoundForChange(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    const bids = await findBidsWithBidders(tx, round.id);
    const journals = await countRoundJournals(tx, round.id);
    const bidders = new Map(bids.filter((b) => !b.user.deletedAt).map((b) => [b.userId, b.user]));
    const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
    const people = [
      ...(owner ? [owner] : []),
      ...[...bidders].filter(([id]) => id !== owner?.id).map(([, u]) => u),
    ];
    for (const person of people) await enqueueMail(tx, roundDeletedMail(person, round));

    await forgetProofsOfRound(tx, round.id);
    await deleteRoundAndProperty(tx, round);
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'deleted' });
    await recordAdminAction(
      tx,
      admin,
      'delete-round',
      { type: 'round', id: round.id },
      // The title names the round; the address stays out of a table that is never pruned.
      `Slettet budrunden «${round.title}» med ${bids.length} bud og ${journals} budjournaler`,
    );
    return round.imageUrl;
  });
  const key = imageUrl ? propertyImageKey(imageUrl) : null;
  if (!imageUrl || !key || (await isPropertyImageInUse(deps.db, imageUrl))) return;
  await deps.storage
    .delete(key)
    .catch((err) => log?.warn({ err, key }, 'could not delete the image of a deleted round'));
}
