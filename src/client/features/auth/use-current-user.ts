import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/schemas/user';
import { getQueryFn } from '../../lib/api';
import { LIVE_REFETCH_MS } from '../../lib/query-client';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null for a visitor. Not retried; refreshed after login and profile updates. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    // While signed in, checked as often as the live lists, so an ended session is noticed.
    refetchInterval: (q) => (q.state.data ? LIVE_REFETCH_MS : false),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
