import { liveBidsAt } from '../../../shared/rules/bids';
import type { FollowerView } from '../../../shared/schemas/bid-round';
import type { PublicRoundEvent, RoundChange, RoundEvent } from '../../../shared/schemas/events';
import type { Db } from '../../db/client';
import { databaseNow } from '../../db/time';
import { changesFollowers, isPublicChange, type ReadRoundFanOut } from '../../events/round-readers';
import { type BidWithBidder, toBidViews, toOwnerBidViews } from '../bids/bid-views';
import { findBidsWithBidders } from '../bids/bids.service';
import { type CounterOfferRow, counterOffersOfRound } from '../counter-offers/counter-offer-records';
import { toCounterOfferViews } from '../counter-offers/counter-offer-views';
import { findFollowers } from './followers.repository';
import { toFollowerViews } from './round-follows.service';
import { toPublicRound, toRoundView } from './round-views';
import { findRoundRows, type RoundRow } from './round-views.repository';

// Moved here from events/ (decision 031): reading a round and deciding who sees what is the features' work;
// the event hub is handed `readRoundFanOut` by app.ts and never imports a feature.

/** The changes after which a round's journals exist. */
const JOURNAL_CHANGES = new Set<RoundChange>(['closed', 'winner']);

export interface RoundSnapshot {
  roundId: string;
  change: RoundChange;
  bidId?: string;
  row: RoundRow | null;
  bids: BidWithBidder[];
  counterOffers: CounterOfferRow[];
  bidderIds: Set<string>;
  followerIds: Set<string>;
  /** Set when who follows may have changed: the owner's event then carries the list. */
  followers: FollowerView[] | null;
  now: Date;
}

/** Everything any subscriber may be shown about a round, read once per event whoever is listening. */
export async function readRoundSnapshot(
  db: Db,
  roundId: string,
  change: RoundChange,
  bidId?: string,
  followersChanged = changesFollowers(change),
): Promise<RoundSnapshot> {
  const [rows, bids, followers, counterOffers, now] = await Promise.all([
    findRoundRows(db, { kind: 'one', id: roundId }, null),
    findBidsWithBidders(db, roundId),
    findFollowers(db, roundId),
    counterOffersOfRound(db, roundId),
    databaseNow(db),
  ]);
  return {
    roundId,
    change,
    bidId,
    row: rows[0] ?? null,
    bids,
    counterOffers,
    bidderIds: new Set(bids.map((b) => b.userId)),
    followerIds: new Set(followers.map((f) => f.userId)),
    followers: followersChanged ? toFollowerViews(followers) : null,
    now,
  };
}

/**
 * Which payload a signed-in user gets. Users with the same audience get the same bytes, so a round watched
 * by 2,000 people costs a handful of serialisations, not 2,000. Only the owner's audience sees who bid.
 */
export function audienceOf(snapshot: RoundSnapshot, userId: string): string {
  if (snapshot.row?.property.ownerId === userId) return 'owner';
  // A bidder's own bids read 'Du': that payload is theirs alone.
  if (snapshot.bidderIds.has(userId)) return `bidder:${userId}`;
  if (snapshot.followerIds.has(userId)) return 'follower';
  return 'other';
}

/**
 * The round event as GET /api/bid-rounds/:id and its bid lists would answer `userId` now. The owner,
 * bidders and followers get the bid list (the owner also who bid); anyone else only the round, and fetches
 * the list if it is on their screen.
 */
export function roundEventFor(snapshot: RoundSnapshot, userId: string): RoundEvent {
  const { row, roundId, change, bidId } = snapshot;
  const event: RoundEvent = { roundId, change, round: null, ...(bidId ? { bidId } : {}) };
  if (!row) return event;
  const audience = audienceOf(snapshot, userId);
  event.round = toRoundView(row, userId, snapshot.bidderIds.has(userId));
  if (audience === 'other') return event;
  const ctx = {
    viewerId: userId,
    winningBidId: row.winningBidId,
    now: liveBidsAt({ closedAt: row.closedAt, deadline: row.deadline }, snapshot.now),
    seesRejectionMessages: audience === 'owner',
  };
  event.bids = { startingPrice: row.property.price, bids: toBidViews(snapshot.bids, ctx) };
  event.counterOffers = toCounterOfferViews(snapshot.counterOffers, snapshot.bids, {
    viewerId: userId,
    seesRecipients: audience === 'owner',
    now: snapshot.now,
  });
  if (audience === 'owner') {
    event.ownerBids = toOwnerBidViews(snapshot.bids, ctx);
    if (snapshot.followers) event.followers = snapshot.followers;
  }
  return event;
}

/**
 * Whether `userId` is told of this change at all: a follow or unfollow alone, and who was told of, saw or
 * answered a bid (decision 066), are the owner's news only; even the moment of one tells the others nothing.
 */
export function hearsOf(snapshot: RoundSnapshot, userId: string): boolean {
  return (
    (snapshot.change !== 'followers' && snapshot.change !== 'bidder-states') ||
    audienceOf(snapshot, userId) === 'owner'
  );
}

/** The visitor's event, or null when the change is none of a visitor's business. */
export function publicEventFor(snapshot: RoundSnapshot): PublicRoundEvent | null {
  if (!isPublicChange(snapshot.change)) return null;
  const { row } = snapshot;
  const open = row && !row.isClosed && row.isActive && row.deadline > snapshot.now;
  return { roundId: snapshot.roundId, change: snapshot.change, round: open ? toPublicRound(row) : null };
}

/** Whether `userId` has a journal for the round once it has ended: its owner and its bidders. */
export function getsJournal(snapshot: RoundSnapshot, userId: string): boolean {
  if (!JOURNAL_CHANGES.has(snapshot.change)) return false;
  return snapshot.row?.property.ownerId === userId || snapshot.bidderIds.has(userId);
}

/** The event hub's reader (events/round-readers.ts), registered from app.ts. */
export const readRoundFanOut: ReadRoundFanOut = async (db, roundId, change, bidId, followersChanged) => {
  const snapshot = await readRoundSnapshot(db, roundId, change, bidId, followersChanged);
  return {
    roundId,
    publicEvent: () => publicEventFor(snapshot),
    hears: (userId) => hearsOf(snapshot, userId),
    audienceOf: (userId) => audienceOf(snapshot, userId),
    eventFor: (userId) => roundEventFor(snapshot, userId),
    getsJournal: (userId) => getsJournal(snapshot, userId),
  };
};
