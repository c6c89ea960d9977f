import { useQuery } from '@tanstack/react-query';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';

/** The visitor's copy of the open rounds; the live stream updates it too. */
export const PUBLIC_ACTIVE_KEY = ['public', '/api/bid-rounds/active'] as const;

/**
 * The landing page's open rounds. The same call answers members with more fields, so the visitor's copy is
 * cached under its own key and never stands in for a member's list after login.
 */
export function usePublicActiveRounds() {
  return useQuery<PublicBidRound[]>({
    queryKey: PUBLIC_ACTIVE_KEY,
    queryFn: () => apiJson<PublicBidRound[]>('GET', '/api/bid-rounds/active'),
  });
}
