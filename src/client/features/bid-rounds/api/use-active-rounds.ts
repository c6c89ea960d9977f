import { useQuery } from '@tanstack/react-query';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { LIVE_REFETCH_MS } from '../../../lib/query-client';

export const ACTIVE_ROUNDS_KEY = ['/api/bid-rounds/active'] as const;

/** Open rounds. While someone is logged in the list is live (5 s); for visitors it loads once. */
export function useActiveRounds(isAuthenticated: boolean) {
  return useQuery<PublicBidRound[]>({
    queryKey: ACTIVE_ROUNDS_KEY,
    refetchInterval: isAuthenticated ? LIVE_REFETCH_MS : false,
  });
}
