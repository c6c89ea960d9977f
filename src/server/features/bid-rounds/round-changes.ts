import { MAILED_EDIT_KINDS, ROUND_EDIT_TEXT, type RoundEditKind } from '../../../shared/rules/round-edits';
import type { DbOrTx } from '../../db/client';
import { roundChanges } from '../../db/listing-schema';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { enqueueJobs } from '../../jobs/queue';
import { MAIL_JOB } from '../../mail/mail-jobs';
import { roundChangedMail } from '../../mail/round-change-mails';
import { recordIfActingAsAdmin } from '../admin/admin-actions.service';
import { roundUrl } from '../bids/bid-notices';
import { findHighestLiveBid } from '../bids/bids.service';
import type { LockedRound } from './bid-rounds.repository';
import { findFollowers } from './followers.repository';

/**
 * Records a change to a published listing (issue 25), in the change's own transaction under the round's
 * lock: the log row (what and when, never the old text), the followers' e-mail for the changes a buyer must
 * read again, the admin's audit row when an admin made it, and the live event every open page redraws on.
 */
export async function recordRoundChange(
  tx: DbOrTx,
  deps: AppDeps,
  round: LockedRound,
  viewer: Viewer,
  kinds: RoundEditKind[],
  now: Date,
  /** The caller writes its own, fuller audit row (the starting price's names both prices). */
  { audited = false }: { audited?: boolean } = {},
): Promise<void> {
  if (kinds.length === 0) return;
  const byAdmin = viewer.id !== round.ownerId;
  // Whether live bids stood when it changed: the budjournal lists those changes.
  const bidsStood = (await findHighestLiveBid(tx, round.id, now)) !== null;
  await tx
    .insert(roundChanges)
    .values(kinds.map((kind) => ({ bidRoundId: round.id, kind, madeBy: viewer.id, byAdmin, bidsStood })));
  const mailed = kinds.filter((kind) => MAILED_EDIT_KINDS.has(kind));
  if (mailed.length > 0) await queueChangeMails(tx, deps, round, mailed);
  if (!audited)
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'edit-round',
      round.id,
      `Endret budrunden «${round.title}»: ${kinds.map((k) => ROUND_EDIT_TEXT[k].toLowerCase()).join(', ')}`,
    );
  await publishEvent(tx, { type: 'round', roundId: round.id, change: 'listing' });
}

/** One e-mail per follower and change call, 'Endring i budrunden: {title}', saying what changed. */
async function queueChangeMails(tx: DbOrTx, deps: AppDeps, round: LockedRound, kinds: RoundEditKind[]) {
  const url = roundUrl(deps, round.id);
  const followers = (await findFollowers(tx, round.id)).filter((f) => f.userId !== round.ownerId);
  await enqueueJobs(
    tx,
    followers.map((f) => ({
      type: MAIL_JOB,
      payload: { mail: roundChangedMail(f, round, kinds, url), roundId: round.id },
    })),
  );
}
