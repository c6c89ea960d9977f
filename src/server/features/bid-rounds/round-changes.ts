import type { ChangeSentence } from '../../../shared/format/round-change';
import {
  MAILED_EDIT_KINDS,
  ROUND_EDIT_TEXT,
  type RoundChangeValue,
  type RoundEditKind,
} from '../../../shared/rules/round-edits';
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

/** A field's value before and after a change, as the change keeps it while bids stand (decision 054). */
export interface ValueChange {
  from: RoundChangeValue;
  to: RoundChangeValue;
}

/**
 * Records a change to a published listing (decision 046), in the change's own transaction under the round's
 * lock: the log row, the followers' e-mail for the changes a buyer must read again, the admin's audit row
 * when an admin made it, and the live event every open page redraws on. While a live bid stands, a change
 * with a value (`values`) keeps its old and new value (decision 054).
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
  const mailed = changes.filter((change) => MAILED_EDIT_KINDS.has(change.kind));
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
async function queueChangeMails(tx: DbOrTx, deps: AppDeps, round: LockedRound, changes: ChangeSentence[]) {
  const url = roundUrl(deps, round.id);
  const followers = (await findFollowers(tx, round.id)).filter((f) => f.userId !== round.ownerId);
  await enqueueJobs(
    tx,
    followers.map((f) => ({
      type: MAIL_JOB,
      payload: { mail: roundChangedMail(f, round, changes, url), roundId: round.id },
    })),
  );
}
