import { type QueryClient, useQuery } from '@tanstack/react-query';
import type {
  AdminActionView,
  AdminUserBidView,
  AdminUserView,
  PendingResetView,
  UnverifiedUserView,
} from '../../../../shared/schemas/admin';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import type { JournalAct } from '../../../../shared/schemas/journal';
import { LIVE_REFETCH_MS } from '../../../lib/query-client';
import { CURRENT_USER_KEY, useCurrentUser } from '../../auth/use-current-user';
import { roundKeys, useLiveInterval } from '../../bid-rounds/api/round-queries';

/** Query keys; the default loader GETs their parts joined with '/'. */
export const adminKeys = {
  unverified: ['/api/admin/unverified-users'] as const,
  users: ['/api/admin/all-users'] as const,
  resets: ['/api/admin/pending-password-resets'] as const,
  userBids: (id: string) => ['/api/admin/users', id, 'bids'] as const,
  userActions: (id: string) => ['/api/admin/users', id, 'actions'] as const,
  roundActs: (id: string) => ['/api/admin/bid-rounds', id, 'acts'] as const,
};

/** The panel's lists, live like the rest of the product; nothing is asked for unless the viewer is an admin. */
export function useAdminLists(isAdmin: boolean) {
  const { isAuthenticated } = useCurrentUser();
  // No live event tells of new users or reset requests, so these lists poll even while the stream is up.
  const refetchInterval: number | false = isAuthenticated ? LIVE_REFETCH_MS : false;
  const options = { enabled: isAdmin, refetchInterval };
  const roundOptions = { enabled: isAdmin, refetchInterval: useLiveInterval() };
  return {
    unverified: useQuery<UnverifiedUserView[]>({ queryKey: adminKeys.unverified, ...options }),
    users: useQuery<AdminUserView[]>({ queryKey: adminKeys.users, ...options }),
    resets: useQuery<PendingResetView[]>({ queryKey: adminKeys.resets, ...options }),
    rounds: useQuery<BidRoundView[]>({ queryKey: roundKeys.all, ...roundOptions }),
  };
}

/** Fetched when a dialog opens, and fresh every time it opens again. */
export function useUserBids(userId: string | null) {
  return useQuery<AdminUserBidView[]>({
    queryKey: adminKeys.userBids(userId ?? ''),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

export function useUserActions(userId: string | null) {
  return useQuery<AdminActionView[]>({
    queryKey: adminKeys.userActions(userId ?? ''),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

/**
 * A round's acts (decision 036), fetched while its list is folded out. No live event names this key, so an
 * open round's list polls; a closed round's record no longer changes.
 */
export function useRoundActs(roundId: string, shown: boolean, isOpen: boolean) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery<JournalAct[]>({
    queryKey: adminKeys.roundActs(roundId),
    enabled: shown,
    staleTime: 0,
    refetchInterval: shown && isOpen && isAuthenticated ? LIVE_REFETCH_MS : false,
  });
}

/** After any admin action every admin list, and everything that shows rounds, is fetched again. */
export function invalidateAdminData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') }),
    queryClient.invalidateQueries({ queryKey: roundKeys.all }),
    queryClient.invalidateQueries({ queryKey: roundKeys.active }),
    // An admin may have edited their own account.
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  ]);
}
