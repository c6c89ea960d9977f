import type { FollowerView } from '../../../shared/schemas/bid-round';
import type { Db, DbOrTx } from '../../db/client';
import { lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { ALREADY_CLOSED, assertCanManage } from '../bids/round-access';
import { findRoundForReading } from './bid-rounds.repository';
import { addFollower, findFollowers, isFollower, removeFollower } from './followers.repository';

// Following a round: the follow button, the owner's list of followers, and the follow a viewing signup makes.

/** The round's owner, for checks that only read: no lock needed. */
async function roundOwner(db: Db, roundId: string) {
  const round = await findRoundForReading(db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  return round;
}

export async function followStatus(db: Db, viewer: Viewer, roundId: string): Promise<boolean> {
  await roundOwner(db, roundId);
  return isFollower(db, roundId, viewer.id);
}

export async function setFollowing(
  db: Db,
  viewer: Viewer,
  roundId: string,
  follow: boolean,
): Promise<boolean> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  return db.transaction(async (tx) => {
    // Under the round's lock, so that a follow cannot slip in after the round has closed.
    const round = await lockRound(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    if (round.ownerId === viewer.id) throw new Forbidden('Du kan ikke følge din egen budrunde');
    if (round.isClosed || round.deadline <= (await databaseNow(tx))) throw new Conflict(ALREADY_CLOSED);
    if (follow) await addFollower(tx, roundId, viewer.id);
    else await removeFollower(tx, roundId, viewer.id);
    // The owner's open page shows who follows: it hears of the change at once, not at its next reload.
    await publishEvent(tx, { type: 'round', roundId, change: 'followers' });
    return follow;
  });
}

export async function listFollowers(db: Db, viewer: Viewer, roundId: string): Promise<FollowerView[]> {
  assertCanManage(await roundOwner(db, roundId), viewer);
  return toFollowerViews(await findFollowers(db, roundId));
}

/** The followers as their owner sees them, from an explicit field list (the phone stays out). */
export function toFollowerViews(rows: Awaited<ReturnType<typeof findFollowers>>): FollowerView[] {
  return rows.map((f) => ({
    id: f.id,
    createdAt: f.createdAt.toISOString(),
    user: { firstName: f.firstName, lastName: f.lastName, email: f.email },
  }));
}

/**
 * Makes the user a follower of the round in the caller's transaction, if they were not one: signing up for a
 * viewing follows the round (decision 045). The caller holds the round's lock and publishes the change.
 */
export function followInTransaction(tx: DbOrTx, roundId: string, userId: string): Promise<void> {
  return addFollower(tx, roundId, userId);
}
