import type { ChangeSentence } from '../../../shared/format/round-change';
import {
  MAILED_EDIT_KINDS,
  ROUND_EDIT_TEXT,
  type RoundChangeValue,
  type RoundEditKind,
} from '../../../shared/rules/round-edits';
import type { DbOrTx } from '../../db/client';
import { roundChanges } from '../../db/listing-schema';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { enqueueJobs } from '../../jobs/queue';
import { MAIL_JOB } from '../../mail/mail-jobs';
import { roundChangedMail } from '../../mail/round-change-mails';
import { recordIfActingAsAdmin } from '../admin-actions/admin-actions.service';
import { roundUrl } from '../bids/bid-notices';
import { findHighestLiveBid, findLiveBiddersOf } from '../bids/bids.service';
import { findFollowers } from './followers.repository';

/** A field's value before and after a change, as the change keeps it while bids stand (decision 054). */
export interface ValueChange {
  from: RoundChangeValue;
  to: RoundChangeValue;
}

/**
 * Records a change to a published listing (decision 046), in the change's own transaction under the round's
 * lock: the log row, the e-mails, the admin's audit row when an admin made it, and the live event every open
 * page redraws on. While a live bid stands, a change with a value (`values`) keeps its old and new value, and
 * each bidder whose bid is live is told of it from what to what (decision 054); the followers hear of the
 * changes a buyer must read again, as before.
 */
export async function recordRoundChange(
  tx: DbOrTx,
  deps: AppDeps,
  round: LockedRound,
  viewer: Viewer,
  kinds: RoundEditKind[],
  now: Date,
  {
    audited = false,
    values = {},
  }: {
    /** The caller writes its own, fuller audit row (the starting price's names both prices). */
    audited?: boolean;
    /** The old and new value of each kind that has one; kept only if a live bid stands. */
    values?: Partial<Record<RoundEditKind, ValueChange>>;
  } = {},
): Promise<void> {
  if (kinds.length === 0) return;
  const byAdmin = viewer.id !== round.ownerId;
  // Whether live bids stood when it changed: the budjournal lists those changes, with their values.
  const bidsStood = (await findHighestLiveBid(tx, round.id, now)) !== null;
  const kept = (kind: RoundEditKind) => (bidsStood ? (values[kind] ?? null) : null);
  await tx.insert(roundChanges).values(
    kinds.map((kind) => ({
      bidRoundId: round.id,
      kind,
      madeBy: viewer.id,
      byAdmin,
      bidsStood,
      valueChange: kept(kind),
    })),
  );
  const changes = kinds.map((kind): ChangeSentence => {
    const value = kept(kind);
    return value ? { kind, oldValue: value.from, newValue: value.to } : { kind };
  });
  await queueChangeMails(tx, deps, round, changes, bidsStood ? now : null);
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

/**
 * One e-mail per person and change call, 'Endring i budrunden: {title}', never to the owner. A bidder whose
 * bid is live (`liveAt`: when bids stood) hears of every change that kept its values, and of what followers
 * hear of; a follower without a live bid, of what a buyer must read again (MAILED_EDIT_KINDS), as before.
 */
async function queueChangeMails(
  tx: DbOrTx,
  deps: AppDeps,
  round: LockedRound,
  changes: ChangeSentence[],
  liveAt: Date | null,
) {
  const url = roundUrl(deps, round.id);
  const forFollowers = changes.filter((c) => MAILED_EDIT_KINDS.has(c.kind));
  const forBidders = changes.filter((c) => c.oldValue !== undefined || MAILED_EDIT_KINDS.has(c.kind));
  const mails = new Map<string, ReturnType<typeof roundChangedMail>>();
  if (liveAt && forBidders.length > 0) {
    for (const bidder of await findLiveBiddersOf(tx, round.id, liveAt)) {
      if (bidder.userId === round.ownerId) continue;
      mails.set(bidder.userId, roundChangedMail(bidder, round, forBidders, url, { liveBid: true }));
    }
  }
  if (forFollowers.length > 0) {
    for (const follower of await findFollowers(tx, round.id)) {
      if (follower.userId === round.ownerId || mails.has(follower.userId)) continue;
      mails.set(follower.userId, roundChangedMail(follower, round, forFollowers, url));
    }
  }
  await enqueueJobs(
    tx,
    [...mails.values()].map((mail) => ({ type: MAIL_JOB, payload: { mail, roundId: round.id } })),
  );
}
