import { useQuery } from '@tanstack/react-query';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';

/**
 * The landing page's open rounds. The same call answers members with more fields, so the visitor's copy is
 * cached under its own key and never stands in for a member's list after login.
 */
export function usePublicActiveRounds() {
  return useQuery<PublicBidRound[]>({
    queryKey: ['public', '/api/bid-rounds/active'],
    queryFn: () => apiJson<PublicBidRound[]>('GET', '/api/bid-rounds/active'),
  });
}
