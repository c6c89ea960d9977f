import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseRoundResult } from '../../../../shared/schemas/journal';
import { apiJson } from '../../../lib/api';
import { invalidateRoundData } from './round-queries';

export function useCloseRound(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CloseRoundResult>('PUT', `/api/bid-rounds/${roundId}/close`),
    onSuccess: () => invalidateRoundData(queryClient, roundId),
  });
}
