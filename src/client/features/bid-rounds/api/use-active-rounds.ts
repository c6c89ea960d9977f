import { useQuery } from '@tanstack/react-query';
import { PUBLIC_ACTIVE_KEY } from '../../../../shared/query-keys';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';

export { PUBLIC_ACTIVE_KEY };

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
