import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/schemas/user';
import { getQueryFn } from '../../lib/api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null for a visitor. Not retried; refreshed after login and profile updates. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
