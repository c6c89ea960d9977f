/**
 * The client's cache keys for what the API answers. The client's default loader GETs a key's parts joined
 * with '/'. They live here, not in the client, because the server fills the same keys with a page's first
 * data (src/shared/first-screen.ts), and a key spelled differently on the two sides would be a silent miss.
 */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/**
 * The visitor's copy of the open rounds. The same call answers members with more fields, so the visitor's
 * copy is cached under its own key and never stands in for a member's list after login.
 */
export const PUBLIC_ACTIVE_KEY = ['public', '/api/bid-rounds/active'] as const;

export const roundKeys = {
  active: ['/api/bid-rounds/active'] as const,
  mine: ['/api/bid-rounds/user'] as const,
  all: ['/api/bid-rounds/all'] as const,
  bids: (id: string) => ['/api/bid-rounds', id, 'bids'] as const,
  ownerBids: (id: string) => ['/api/owner/bid-rounds', id, 'bids'] as const,
  /** The round's counter-offers (motbud) as the viewer may see them; under the round's prefix. */
  counterOffers: (id: string) => ['/api/bid-rounds', id, 'counter-offers'] as const,
  /** The viewer's bidder group in the round and invitations to one (decision 065); under the round's prefix. */
  coBidders: (id: string) => ['/api/bid-rounds', id, 'co-bidders'] as const,
  /** The round page's own query; as a prefix it also covers the round's bids, followers and follow status. */
  round: (id: string) => ['/api/bid-rounds', id] as const,
  followers: (id: string) => ['/api/bid-rounds', id, 'followers'] as const,
  followStatus: (id: string) => ['/api/bid-rounds', id, 'follow/status'] as const,
  /** Each live bidder's state for the highest bid (decision 066), for the owner and admins. */
  bidderStates: (id: string) => ['/api/owner/bid-rounds', id, 'bidders'] as const,
  userBids: ['/api/user/bids'] as const,
  journals: ['/api/user/bid-journals'] as const,
};
