import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseRoundResult } from '../../../../shared/schemas/journal';
import { apiJson } from '../../../lib/api';
import { closedNow, invalidateRoundData, patchRound } from './round-queries';

export function useCloseRound(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CloseRoundResult>('PUT', `/api/bid-rounds/${roundId}/close`),
    onSuccess: () => {
      patchRound(queryClient, roundId, closedNow(null));
      return invalidateRoundData(queryClient, roundId);
    },
  });
}
