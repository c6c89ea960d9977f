import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  HelloEvent,
  JournalsEvent,
  LiveEventName,
  PublicRoundEvent,
  RoundEvent,
} from '../../../shared/schemas/events';
import type { CurrentUser } from '../../../shared/schemas/user';
import { isSignOutExpected } from '../auth/sign-out';
import { CURRENT_USER_KEY } from '../auth/use-current-user';
import { roundKeys } from '../bid-rounds/api/round-queries';
import { PUBLIC_ACTIVE_KEY } from '../bid-rounds/api/use-active-rounds';
import { applyPublicRoundEvent, applyRoundEvent } from './apply-round-event';
import type { CacheWriter } from './cache-writer';

/**
 * Everything the live stream keeps up to date. On every hello all of it is fetched again where it is
 * shown: events sent while the tab had no stream (or that the server lost) are gone for good.
 */
const LIVE_KEYS: readonly QueryKey[] = [
  // As a prefix: each round's page, bids, followers and follow status.
  ['/api/bid-rounds'],
  roundKeys.active,
  roundKeys.mine,
  roundKeys.all,
  ['/api/owner/bid-rounds'],
  roundKeys.userBids,
  roundKeys.journals,
  PUBLIC_ACTIVE_KEY,
];

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;

function applyHello(queryClient: QueryClient, writer: CacheWriter, hello: HelloEvent): void {
  for (const key of LIVE_KEYS) writer.refresh(key);
  // Undefined while the first answer is still coming; that answer settles it.
  const known = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  if (known !== undefined && (known !== null) !== hello.signedIn && !isSignOutExpected()) {
    writer.refresh(CURRENT_USER_KEY, true);
  }
}

/**
 * An administrator reads another's round as its owner does (GET), but the stream builds events by the
 * reader's place in the round (a follower or bidder there), so its lists would put pseudonyms where the
 * GET answers named people. For such a reader the lists are fetched again instead of taken from the event.
 */
export function forThisReader(queryClient: QueryClient, event: RoundEvent): RoundEvent {
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  if (!user?.isAdmin || event.round?.isOwner) return event;
  const { bids: _bids, ownerBids: _ownerBids, counterOffers: _counterOffers, ...rest } = event;
  return rest;
}

/** Turns one message of the stream into cache updates (src/shared/schemas/events.ts). */
export function applyLiveEvent(
  queryClient: QueryClient,
  writer: CacheWriter,
  name: LiveEventName,
  data: unknown,
): void {
  if (!isObject(data)) return;
  switch (name) {
    case 'hello':
      applyHello(queryClient, writer, data as unknown as HelloEvent);
      return;
    case 'round':
      if (typeof data.roundId === 'string')
        applyRoundEvent(writer, forThisReader(queryClient, data as unknown as RoundEvent));
      return;
    case 'public-round':
      if (typeof data.roundId === 'string')
        applyPublicRoundEvent(writer, data as unknown as PublicRoundEvent);
      return;
    case 'journals':
      if (typeof (data as Partial<JournalsEvent>).roundId !== 'string') return;
      writer.refresh(roundKeys.journals);
      writer.refresh(roundKeys.userBids);
      return;
    case 'session-ended':
      // Logging out or deleting the account here: that flow ends in a page load of its own. Emptying the
      // user now would unmount the dialog whose mutation still has to say 'Konto slettet' and reload.
      if (isSignOutExpected()) return;
      // The user query comes back empty, and useSessionWatch says 'Ikke pålogget' and sends to the login.
      writer.refresh(CURRENT_USER_KEY, true);
      return;
  }
}
