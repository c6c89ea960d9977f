import type { OwnerBidView, RoundBids } from './bid';
import type { BidRoundView, FollowerView, PublicBidRound } from './bid-round';
import type { CounterOfferView } from './counter-offer';

/**
 * The live stream, GET /api/events (text/event-stream). Each message has an `event:` name from
 * LiveEventName and `data:` holding the JSON below. Every payload is built for its one subscriber by the
 * same view functions as the GET answers: a visitor never gets bid data, a bidder sees 'Du' and
 * 'Budgiver A', and only the owner gets who bid.
 */
export type LiveEventName = 'hello' | 'round' | 'public-round' | 'journals' | 'session-ended' | 'ping';

/**
 * What changed a round. 'bid-lapsed': a bid's acceptance deadline passed, so the highest bid may differ.
 * 'bid-rejected': the seller rejected a bid (avslag); it no longer counts, so the highest bid may differ.
 * 'counter-offer': the seller made, or withdrew, a counter-offer (motbud), or its bidder declined it or let
 * it lapse. (An accepted one decides the round: 'winner'.)
 * 'followers': someone followed or stopped following it; only the owner is told, with the new list.
 */
export const ROUND_CHANGES = [
  'created',
  'bid',
  'bid-lapsed',
  'bid-rejected',
  'counter-offer',
  'price',
  'settings',
  'closed',
  'winner',
  'deleted',
  'followers',
  // The listing changed after it was published: its text, photos, salgsoppgave or viewings (decision 046).
  'listing',
  // A bidder group changed: an invitation, its answer, or a member leaving (decision 065).
  'co-bidders',
  // A bid's condition was waived or ran out (decision 066).
  'conditions',
  // A bidder was told of, saw, or answered the highest bid (decision 066): the owner's list of bidders.
  'bidder-states',
] as const;
export type RoundChange = (typeof ROUND_CHANGES)[number];

/**
 * First message on every connection, and again after the server lost events (its database listener
 * reconnected). The client refetches what it shows on every hello, so no event is lost across a reconnect.
 */
export interface HelloEvent {
  signedIn: boolean;
}

/** For signed-in subscribers: the round as GET /api/bid-rounds/:id would answer them now. */
export interface RoundEvent {
  roundId: string;
  change: RoundChange;
  /** Null once the round is deleted. */
  round: BidRoundView | null;
  /** GET /api/bid-rounds/:id/bids, for the round's participants (owner, bidders, followers) only. */
  bids?: RoundBids;
  /** GET /api/bid-rounds/:id/counter-offers, for the round's participants (as `bids`). */
  counterOffers?: CounterOfferView[];
  /** GET /api/owner/bid-rounds/:id/bids, for the round's owner only. */
  ownerBids?: OwnerBidView[];
  /** With change 'bid': the new bid's id, so the client can announce and highlight it. */
  bidId?: string;
  /**
   * GET /api/bid-rounds/:id/followers, for the round's owner only, when who follows may have changed (a
   * follow, an unfollow, or a bid, whose bidder follows). No one else's event says even that it changed.
   */
  followers?: FollowerView[];
}

/** For visitors: an open round as the landing page lists it, or null once it is no longer open. */
export interface PublicRoundEvent {
  roundId: string;
  change: RoundChange;
  round: PublicBidRound | null;
}

/** A closed round's journals were written; for its participants. */
export interface JournalsEvent {
  roundId: string;
}

/** The stream's session was ended (logout, password change, account deleted or changed). The stream closes after it. */
export type SessionEndedEvent = Record<string, never>;

/**
 * A heartbeat (`event: ping`, data {}) is sent this often, so that proxies keep idle streams open and the
 * client can tell a quiet stream from a dead one. An event, not a comment line: EventSource hides comments.
 */
export const HEARTBEAT_MS = 25_000;
