import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidRoundView, CreateRoundInput } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';
import { invalidateRoundData } from '../../bid-rounds/api/round-queries';

/** POST /api/bid-round; every list that shows rounds is fetched again afterwards. */
export function useCreateRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoundInput) => apiJson<BidRoundView>('POST', '/api/bid-round', input),
    onSuccess: () => invalidateRoundData(queryClient),
  });
}
