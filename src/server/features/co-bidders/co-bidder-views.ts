import type { CoBidderList, CoBidderMember } from '../../../shared/schemas/co-bidder';
import type { AppDeps } from '../../deps';
import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { findGroupIdsOf, findPlaces, findPlacesOfRound, findRoundState } from './co-bidders.repository';

// Who sees a round's bidder groups (decision 065): the owner and admins every group with phone and e-mail;
// a member their own group; an invitee who invites them and who is in. Anyone else is refused.

export const NOT_YOURS_TO_SEE = 'Bare medbudgiverne, selgeren og administratorer kan se budgivergruppen';

type Place = Awaited<ReturnType<typeof findPlaces>>[number];

const nameOf = (p: Place) => (p.firstName ? `${p.firstName} ${p.lastName ?? ''}`.trim() : p.email);

/** An invitation left open is lapsed once bidding has ended. */
const stateOf = (p: Place, ended: boolean) =>
  (p.state === 'invited' && ended ? 'lapsed' : p.state) as CoBidderMember['state'];

function toMember(
  p: Place,
  places: Place[],
  ctx: { viewerId: string; seesAll: boolean; endedAt: Date | null },
) {
  const state = stateOf(p, ctx.endedAt !== null);
  const since =
    state === 'left'
      ? p.leftAt
      : state === 'invited'
        ? p.invitedAt
        : (p.answeredAt ?? ctx.endedAt ?? p.invitedAt);
  const inviter = places.find((o) => o.userId === p.invitedBy);
  return {
    id: p.id,
    name: nameOf(p),
    email: p.accountEmail ?? p.email,
    phone: ctx.seesAll ? (p.phone ?? null) : null,
    state,
    since: (since ?? p.invitedAt).toISOString(),
    isYou: p.userId === ctx.viewerId,
    invitedBy: p.invitedBy === p.userId || !inviter ? null : nameOf(inviter),
  };
}

/** The open invitations to the address, each with who invites and who is in that group. */
function invitationsTo(byGroup: Place[][], address: string, endedAt: Date | null) {
  const email = address.toLowerCase();
  return byGroup.flatMap((places) =>
    places
      .filter((p) => p.email.toLowerCase() === email && p.userId !== p.invitedBy && p.state === 'invited')
      .map((p) => {
        const inviter = places.find((o) => o.userId === p.invitedBy);
        return {
          id: p.id,
          state: stateOf(p, endedAt !== null),
          invitedBy: inviter ? nameOf(inviter) : '',
          members: places.filter((o) => o.state === 'accepted').map(nameOf),
          since: p.invitedAt.toISOString(),
        };
      }),
  );
}

export async function listFor(deps: AppDeps, viewer: Viewer, roundId: string): Promise<CoBidderList> {
  const round = await findRoundState(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  const now = deps.clock.now();
  const endedAt = round.isClosed || round.deadline <= now ? round.deadline : null;
  const seesAll = viewer.isAdmin || round.ownerId === viewer.id;
  const ctx = { viewerId: viewer.id, seesAll, endedAt };
  if (seesAll) {
    const places = await findPlacesOfRound(deps.db, roundId);
    const groupIds = [...new Set(places.map((p) => p.groupId))];
    const groups = groupIds.map((id) => {
      const own = places.filter((p) => p.groupId === id);
      return { id, members: own.map((p) => toMember(p, own, ctx)) };
    });
    // An admin may be invited too, and answers like anyone else.
    const byGroup = groupIds.map((id) => places.filter((p) => p.groupId === id));
    return {
      members: groups.flatMap((g) => g.members),
      groups,
      invitations: invitationsTo(byGroup, viewer.email, endedAt),
    };
  }
  const groupIds = await findGroupIdsOf(deps.db, roundId, viewer.id, viewer.email);
  if (groupIds.length === 0) throw new Forbidden(NOT_YOURS_TO_SEE);
  const byGroup = await Promise.all(groupIds.map((id) => findPlaces(deps.db, id)));
  const mine = byGroup.find((places) =>
    places.some((p) => p.userId === viewer.id && (p.state === 'accepted' || p.state === 'left')),
  );
  const invitations = invitationsTo(byGroup, viewer.email, endedAt);
  return {
    members: mine ? mine.map((p) => toMember(p, mine, ctx)) : [],
    groups: [],
    invitations,
  };
}
