import type { FastifyBaseLogger } from 'fastify';
import type { RecordedAct } from '../../../shared/schemas/responses/record';
import type { SignedActBody } from '../../../shared/schemas/signature';
import { findGroupOfMember } from '../../db/bidder-groups';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { recordCoBidderAct } from '../round-chain/buyer-acts';
import { signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import { NOT_IN_A_GROUP } from './co-bidder-messages';
import { tellGroup } from './co-bidder-notices';
import { bumpGroup, findGroup, findPlaces, lapseOpenInvitations, movePlace } from './co-bidders.repository';
import { fullName, lockOpenRound } from './co-bidders.service';

// Leaving a bidder group (decision 065), under the round's lock as every change of members is.

/**
 * DELETE /api/bid-rounds/{id}/co-bidders/me: a signed withdrawal of the power of attorney for later bids. The
 * bids already made stay binding for everyone who was a member then (bids.co_bidder_ids). A principal who
 * leaves hands the group's party to the member who joined next, so the group's later bids are theirs.
 */
export async function leaveGroup(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  body: SignedActBody = {},
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<RecordedAct> {
  requireVerifiedIdentity(deps.env, viewer, 'act');
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'co-bidder-leave', bidRoundId: roundId },
    body.signature,
    log,
  );
  const link = await deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRound(tx, roundId);
    const places = await findGroupPlacesOf(tx, roundId, viewer.id);
    const own = places.find((p) => p.userId === viewer.id && p.state === 'accepted');
    if (!own) throw new NotFound(NOT_IN_A_GROUP);
    if (!(await movePlace(tx, own.id, 'accepted', { state: 'left', leftAt: now })))
      throw new Conflict(NOT_IN_A_GROUP);
    const group = await findGroup(tx, own.groupId);
    const next = places.find((p) => p.state === 'accepted' && p.userId && p.userId !== viewer.id);
    await bumpGroup(
      tx,
      own.groupId,
      group?.principalId === viewer.id ? (next?.userId ?? undefined) : undefined,
    );
    // The last member gone: the group's open invitations lapse, so no one joins a group of no one.
    if (!next) await lapseOpenInvitations(tx, own.groupId, now);
    await storeActSignature(tx, signed, own.id);
    const link = await recordCoBidderAct(
      tx,
      'co-bidder-left',
      {
        roundId,
        invitationId: own.id,
        actorId: viewer.id,
        terms: { groupId: own.groupId, member: fullName(viewer) },
      },
      now,
      chainSignatureOf(signed),
    );
    await tellGroup(tx, deps, round, own.groupId, viewer, 'left');
    await publishEvent(tx, { type: 'round', roundId, change: 'co-bidders' });
    return link;
  });
  return {
    message: 'Du har trukket fullmakten. Nye bud fra gruppen binder ikke deg.',
    ...signedLink(deps, link),
  };
}

async function findGroupPlacesOf(tx: Tx, roundId: string, userId: string) {
  const group = await findGroupOfMember(tx, roundId, userId);
  return group ? findPlaces(tx, group.id) : [];
}
