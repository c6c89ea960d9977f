import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../../shared/query-keys';
import type { CurrentUser } from '../../../shared/schemas/user';
import { getQueryFn } from '../../lib/api';
import { useMemberStreamLive } from '../../lib/live-connection';
import { LIVE_REFETCH_MS } from '../../lib/query-client';

export { CURRENT_USER_KEY };

const loadUser = getQueryFn({ on401: 'returnNull' });

/** The signed-in user, or null for a visitor. Not retried; refreshed after login and profile updates. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({ queryKey: CURRENT_USER_KEY, queryFn: loadUser });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/**
 * Used once, by <LiveEvents />: while signed in, the user is fetched as often as the live lists, so an ended
 * session is noticed; the live stream says so itself ('session-ended'), so there is no polling while it is
 * up. Kept out of useCurrentUser, which nearly every component calls: each would re-render whenever the
 * stream's status changes.
 */
export function useCurrentUserPolling(): void {
  const streamed = useMemberStreamLive();
  useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: loadUser,
    refetchInterval: (q) => (q.state.data && !streamed ? LIVE_REFETCH_MS : false),
  });
}
