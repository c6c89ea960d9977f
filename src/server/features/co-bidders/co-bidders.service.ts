import type { FastifyBaseLogger } from 'fastify';
import { ALREADY_IN_A_GROUP, HAS_OWN_BID, MAX_CO_BIDDERS } from '../../../shared/rules/buyers';
import type {
  CoBidderInvitationAnswer,
  CoBidderList,
  InvitedCoBidder,
} from '../../../shared/schemas/co-bidder';
import type { SignedActBody } from '../../../shared/schemas/signature';
import { findGroupOfMember } from '../../db/bidder-groups';
import type { Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { recordCoBidderAct } from '../round-chain/buyer-acts';
import { signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  ANSWERED,
  answeredAlready,
  INVITATION_NOT_FOUND,
  INVITING_THE_OWNER,
  INVITING_YOURSELF,
  NOT_YOUR_INVITATION,
  OWN_BID_OF_YOURS,
  OWNER_INVITES,
  ROUND_ENDED,
  TOO_MANY,
} from './co-bidder-messages';
import { tellGroup, tellInvitee } from './co-bidder-notices';
import { listFor } from './co-bidder-views';
import {
  bumpGroup,
  type CoBidderRow,
  findInvitation,
  findPersonByEmail,
  findPlaces,
  hasOwnLiveBid,
  insertGroup,
  insertPlace,
  isInAnotherGroup,
  movePlace,
} from './co-bidders.repository';

// Buying together (decision 065): a bidder invites co-bidders, who join with a signed power of attorney and
// may withdraw it for later bids. Every change takes the round's lock first, as bids do, so that a bid is
// placed for exactly the members of its moment (place_bid holds it to the group's version), and each change
// is an act in the round's chain.

const normal = (email: string) => email.trim().toLowerCase();
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The round locked and still open for bids, or 404 / 409. */
export async function lockOpenRound(tx: Tx, roundId: string): Promise<{ round: LockedRound; now: Date }> {
  const round = await lockRound(tx, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const now = await databaseNow(tx);
  if (round.isClosed || round.deadline <= now) throw new Conflict(ROUND_ENDED);
  return { round, now };
}

/** POST /api/bid-rounds/{id}/co-bidders: an invitation to an address, which may not have an account yet. */
export async function inviteCoBidder(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  input: { email: string },
): Promise<InvitedCoBidder> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  const email = normal(input.email);
  if (email === normal(viewer.email))
    throw new ValidationError(INVITING_YOURSELF, [{ path: 'email', message: INVITING_YOURSELF }]);
  const id = await deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRound(tx, roundId);
    if (round.ownerId === viewer.id) throw new Forbidden(OWNER_INVITES);
    const person = await findPersonByEmail(tx, email);
    if (person && person.id === round.ownerId) throw new Conflict(INVITING_THE_OWNER);
    let group = await findGroupOfMember(tx, roundId, viewer.id);
    const places = group ? await findPlaces(tx, group.id) : [];
    const open = places.filter((p) => p.state === 'invited' || p.state === 'accepted');
    const same = open.find((p) => normal(p.email) === email || (person && p.userId === person.id));
    if (same) throw new Conflict(same.state === 'accepted' ? ALREADY_MEMBER : ALREADY_INVITED);
    if (open.length >= MAX_CO_BIDDERS + 1) throw new Conflict(TOO_MANY);
    if (person && (await isInAnotherGroup(tx, roundId, person.id, group?.id ?? null)))
      throw new Conflict(ALREADY_IN_A_GROUP);
    if (person && (await hasOwnLiveBid(tx, roundId, person.id, now))) throw new Conflict(HAS_OWN_BID);
    if (!group) {
      // The first invitation makes the group, with the one who invites as its first member and principal:
      // their own bids so far stay theirs, and they keep their letter (decision 065).
      const groupId = await insertGroup(tx, roundId, viewer.id, now);
      await insertPlace(tx, {
        groupId,
        bidRoundId: roundId,
        email: viewer.email,
        userId: viewer.id,
        invitedBy: viewer.id,
        state: 'accepted',
        invitedAt: now,
        answeredAt: now,
      });
      group = { id: groupId, principalId: viewer.id, version: 1, members: [] };
    }
    const id = await insertPlace(tx, {
      groupId: group.id,
      bidRoundId: roundId,
      email,
      userId: person?.id ?? null,
      invitedBy: viewer.id,
      state: 'invited',
      invitedAt: now,
    });
    await recordCoBidderAct(
      tx,
      'co-bidder-invited',
      {
        roundId,
        invitationId: id,
        actorId: viewer.id,
        terms: { groupId: group.id, invitedBy: fullName(viewer), email },
      },
      now,
    );
    await tellInvitee(tx, deps, { email, inviter: fullName(viewer), round, hasAccount: person !== null });
    await publishEvent(tx, { type: 'round', roundId, change: 'co-bidders' });
    return id;
  });
  return { message: `Invitasjonen er sendt til ${email}`, invitation: { id, state: 'invited' } };
}

/**
 * Reads an invitation and locks its round: 404 for an unknown one, 403 for anyone but the address invited,
 * 409 once it is answered or the round has ended.
 */
async function lockOpenInvitation(tx: Tx, viewer: Viewer, id: string) {
  const found = await findInvitation(tx, id);
  if (!found) throw new NotFound(INVITATION_NOT_FOUND);
  if (normal(found.email) !== normal(viewer.email) || found.userId === found.invitedBy)
    throw new Forbidden(NOT_YOUR_INVITATION);
  const round = await lockRound(tx, found.bidRoundId);
  if (!round) throw new NotFound(INVITATION_NOT_FOUND);
  // Read again under the lock: an answer that got the lock first is seen here.
  const invitation = await findInvitation(tx, id);
  if (!invitation) throw new NotFound(INVITATION_NOT_FOUND);
  if (invitation.state !== 'invited') throw new Conflict(answeredAlready(invitation.state));
  const now = await databaseNow(tx);
  if (round.isClosed || round.deadline <= now) throw new Conflict(ANSWERED.lapsed);
  return { invitation, round, now };
}

/** PUT /api/co-bidder-invitations/{id}/accept: a signed power of attorney, binding as a bid is. */
export async function acceptInvitation(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  body: SignedActBody = {},
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CoBidderInvitationAnswer> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  requireVerifiedIdentity(deps.env, viewer, 'act');
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'co-bidder-accept', invitationId: id },
    body.signature,
    log,
  );
  const { link, round, invitation } = await deps.db.transaction(async (tx) => {
    const { invitation, round, now } = await lockOpenInvitation(tx, viewer, id);
    if (round.ownerId === viewer.id) throw new Conflict(INVITING_THE_OWNER);
    if (await isInAnotherGroup(tx, round.id, viewer.id, invitation.groupId))
      throw new Conflict(ALREADY_IN_A_GROUP);
    if (await hasOwnLiveBid(tx, round.id, viewer.id, now)) throw new Conflict(OWN_BID_OF_YOURS);
    const members = (await findPlaces(tx, invitation.groupId)).filter((p) => p.state === 'accepted');
    if (!(await movePlace(tx, id, 'invited', { state: 'accepted', userId: viewer.id, answeredAt: now })))
      throw new Conflict(ANSWERED.accepted);
    await bumpGroup(tx, invitation.groupId);
    await storeActSignature(tx, signed, id);
    const link = await recordCoBidderAct(
      tx,
      'co-bidder-accepted',
      {
        roundId: round.id,
        invitationId: id,
        actorId: viewer.id,
        terms: {
          groupId: invitation.groupId,
          member: fullName(viewer),
          with: members.map((m) => fullName({ firstName: m.firstName ?? '', lastName: m.lastName ?? '' })),
        },
      },
      now,
      chainSignatureOf(signed),
    );
    await tellGroup(tx, deps, round, invitation.groupId, viewer, 'accepted');
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'co-bidders' });
    return { link, round, invitation };
  });
  return {
    message: 'Du byr nå sammen med de andre i gruppen. Et bud fra én av dere binder dere alle.',
    invitation: { id: invitation.id, state: 'accepted', bidRoundId: round.id },
    ...signedLink(deps, link),
  };
}

/** PUT /api/co-bidder-invitations/{id}/decline: nothing binds, so nothing is signed. */
export async function declineInvitation(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
): Promise<CoBidderInvitationAnswer> {
  const { link, round } = await deps.db.transaction(async (tx) => {
    const { invitation, round, now } = await lockOpenInvitation(tx, viewer, id);
    if (!(await movePlace(tx, id, 'invited', { state: 'declined', userId: viewer.id, answeredAt: now })))
      throw new Conflict(ANSWERED.declined);
    const link = await recordCoBidderAct(
      tx,
      'co-bidder-declined',
      {
        roundId: round.id,
        invitationId: id,
        actorId: viewer.id,
        terms: { groupId: invitation.groupId, member: fullName(viewer) },
      },
      now,
    );
    await tellGroup(tx, deps, round, invitation.groupId, viewer, 'declined');
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'co-bidders' });
    return { link, round };
  });
  return {
    message: 'Du har takket nei til å by sammen',
    invitation: { id, state: 'declined', bidRoundId: round.id },
    ...signedLink(deps, link),
  };
}

/** GET /api/bid-rounds/{id}/co-bidders: for the group's members and invitees, the owner and admins. */
export function listCoBidders(deps: AppDeps, viewer: Viewer, roundId: string): Promise<CoBidderList> {
  return listFor(deps, viewer, roundId);
}

export type { CoBidderRow };
