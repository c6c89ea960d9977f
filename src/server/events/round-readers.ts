import type { PublicRoundEvent, RoundChange, RoundEvent } from '../../shared/schemas/events';
import type { Db } from '../db/types';

/**
 * What the hub needs from the features to fan a round's change out, and nothing more. The hub reads each
 * change once and asks the answer who hears what; the features build the answer with the same view
 * functions as their GET routes, so the access rules stay in one place. The features hand the hub these
 * readers from the composition root (app.ts), so events/ never imports features/ (decision 031).
 */
export interface RoundFanOut {
  roundId: string;
  /** The visitor's event, or null when the change is none of a visitor's business. */
  publicEvent(): PublicRoundEvent | null;
  /** Whether `userId` is told of this change at all. */
  hears(userId: string): boolean;
  /** Which payload `userId` gets: users with the same audience get the same bytes. */
  audienceOf(userId: string): string;
  /** The round event as the GET answers would give `userId` now. */
  eventFor(userId: string): RoundEvent;
  /** Whether `userId` has a journal for the round once it has ended. */
  getsJournal(userId: string): boolean;
}

export type ReadRoundFanOut = (
  db: Db,
  roundId: string,
  change: RoundChange,
  bidId: string | undefined,
  followersChanged: boolean,
) => Promise<RoundFanOut>;

/** The ids of a user's sessions that are still alive. */
export type FindLiveSessionIds = (db: Db, userId: string) => Promise<string[]>;

export interface EventReaders {
  readRound: ReadRoundFanOut;
  findLiveSessionIds: FindLiveSessionIds;
}

/**
 * The changes a visitor's landing page shows: a round appears, changes its starting price or its listing,
 * ends, or goes.
 * Bids are not theirs to see.
 */
const PUBLIC_CHANGES = new Set<RoundChange>(['created', 'price', 'closed', 'winner', 'deleted', 'listing']);

export const isPublicChange = (change: RoundChange) => PUBLIC_CHANGES.has(change);

/** The changes that may change who follows a round: a follow or unfollow, and a bid (its bidder follows). */
const FOLLOWER_CHANGES = new Set<RoundChange>(['followers', 'bid']);

export const changesFollowers = (change: RoundChange) => FOLLOWER_CHANGES.has(change);
