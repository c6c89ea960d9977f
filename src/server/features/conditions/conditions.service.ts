import type { FastifyBaseLogger } from 'fastify';
import { type ConditionKind, conditionName } from '../../../shared/rules/conditions';
import type { WaivedCondition } from '../../../shared/schemas/responses/fair-notice';
import type { SignedActBody } from '../../../shared/schemas/signature';
import type { Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { type ConditionChange, conditionChangedMail, conditionChangedSms } from '../../mail/condition-mails';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { findAccount } from '../accounts/accounts.service';
import { queueMessages, roundUrl } from '../bids/bid-notices';
import { recordConditionAct } from '../round-chain/fairness-acts';
import { signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import {
  findConditionWithBid,
  findDueLapses,
  findPseudonym,
  markLapseRecorded,
  markWaived,
} from './conditions.repository';

// A bid's conditions after the bid (decision 066; forskrift om eiendomsmegling § 3-5): the bidder waives one
// with a signed act, or its deadline passes first. Either is recorded in the chain and told to the seller.

export const BID_NOT_FOUND = 'Budet ble ikke funnet';
export const CONDITION_NOT_FOUND = 'Forbeholdet ble ikke funnet i budet';
export const NOT_YOUR_BID = 'Bare budgiveren kan frafalle forbeholdene i budet';
export const ALREADY_WAIVED = 'Forbeholdet er allerede frafalt';
export const ALREADY_LAPSED = 'Fristen for forbeholdet har gått ut. Det kan ikke frafalles.';
export const BID_NOT_LIVE = 'Budet gjelder ikke lenger. Forbeholdene i det kan ikke frafalles.';

/** The seller's mail and SMS of a condition's change, in the change's transaction. */
async function tellSeller(tx: Tx, deps: AppDeps, round: LockedRound, change: ConditionChange) {
  const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
  if (!owner) return;
  const url = roundUrl(deps, round.id);
  await queueMessages(
    tx,
    round,
    [{ userId: owner.id, email: owner.email, firstName: owner.firstName, phone: owner.phone }],
    {
      mail: (person) => conditionChangedMail(person, round, change, url),
      sms: conditionChangedSms(round, change, url),
    },
  );
}

type FoundCondition = NonNullable<Awaited<ReturnType<typeof findConditionWithBid>>> & { kind: string };

/**
 * A condition's change, in its transaction under the round's lock: its act in the chain, the seller's mail
 * and SMS, and the live event. A waiver is at `at`; a lapse at the condition's own deadline.
 */
async function recordChange(
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  c: FoundCondition,
  index: number,
  what: 'waived' | 'lapsed',
  at: Date,
  signed?: ReturnType<typeof chainSignatureOf>,
) {
  const terms = { kind: c.kind, text: c.text, until: c.until?.toISOString() ?? null };
  const kind = what === 'waived' ? 'condition-waived' : 'condition-lapsed';
  const link = await recordConditionAct(
    tx,
    kind,
    { bidId: c.bidId, index, ...terms, bidRoundId: round.id, userId: c.userId },
    at,
    signed,
  );
  await tellSeller(tx, deps, round, {
    what,
    conditionName: conditionName({ kind: c.kind as ConditionKind, text: c.text }),
    bidderLabel: await findPseudonym(tx, round.id, c.userId),
    amount: c.amount,
    at,
  });
  await publishEvent(tx, { type: 'round', roundId: round.id, change: 'conditions' });
  return link;
}

/**
 * PUT /api/bids/{bidId}/conditions/{index}/waive: one of the bid's bidders gives up a condition, signed. The
 * bid must still bind: live in an open round, or the round's winning bid. Under the round's lock, so that a
 * waiver and a lapse, or two waivers, are decided one at a time.
 */
export async function waiveCondition(
  deps: AppDeps,
  viewer: Viewer,
  bidId: string,
  index: number,
  body: SignedActBody = {},
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<WaivedCondition> {
  requireVerifiedIdentity(deps.env, viewer, 'act');
  const before = await findConditionWithBid(deps.db, bidId, index);
  if (!before) throw new NotFound(BID_NOT_FOUND);
  if (before.userId !== viewer.id && !before.coBidderIds.includes(viewer.id))
    throw new Forbidden(NOT_YOUR_BID);
  if (!before.kind) throw new NotFound(CONDITION_NOT_FOUND);
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'condition-waive', bidId, index },
    body.signature,
    log,
  );
  const { link, at } = await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, before.bidRoundId);
    if (!round) throw new NotFound(BID_NOT_FOUND);
    const now = await databaseNow(tx);
    const c = await findConditionWithBid(tx, bidId, index);
    if (!c?.kind) throw new NotFound(CONDITION_NOT_FOUND);
    if (c.waivedAt) throw new Conflict(ALREADY_WAIVED);
    const live =
      !round.isClosed && round.deadline > now && !c.rejectedAt && (!c.bidDeadline || c.bidDeadline > now);
    if (round.winningBidId !== bidId && !live) throw new Conflict(BID_NOT_LIVE);
    if (c.until && c.until <= now) throw new Conflict(ALREADY_LAPSED);
    if (!(await markWaived(tx, bidId, index, now))) throw new Conflict(ALREADY_WAIVED);
    await storeActSignature(tx, signed, bidId);
    const link = await recordChange(
      tx,
      deps,
      round,
      { ...c, kind: c.kind },
      index,
      'waived',
      now,
      chainSignatureOf(signed),
    );
    return { link, at: now };
  });
  return {
    message: 'Forbeholdet er frafalt',
    condition: {
      kind: before.kind as ConditionKind,
      text: before.text,
      until: before.until?.toISOString() ?? null,
      state: 'waived',
      waivedAt: at.toISOString(),
      lapsedAt: null,
    },
    ...signedLink(deps, link),
  };
}

/**
 * Records every condition whose deadline passed on the database's clock without a waiver: 'Forbeholdet gikk
 * ut {tid}' in the chain (at the deadline itself) and the seller's mail. Safe to run anywhere, any number of
 * times: each lapse is recorded once, under its round's lock.
 */
export async function recordLapsedConditions(deps: AppDeps, log?: FastifyBaseLogger): Promise<number> {
  let recorded = 0;
  for (const due of await findDueLapses(deps.db)) {
    try {
      recorded += await deps.db.transaction(async (tx) => {
        const round = await lockRound(tx, due.roundId);
        if (!round) return 0;
        const now = await databaseNow(tx);
        const c = await findConditionWithBid(tx, due.bidId, due.position);
        if (!c?.kind || !c.until || !(await markLapseRecorded(tx, due.bidId, due.position, now))) return 0;
        await recordChange(tx, deps, round, { ...c, kind: c.kind }, due.position, 'lapsed', c.until);
        return 1;
      });
    } catch (err) {
      log?.error({ err, bidId: due.bidId }, 'could not record a lapsed condition');
    }
  }
  return recorded;
}
