import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';
import { invalidateRoundData, patchRound } from '../../bid-rounds/api/round-queries';

/** PUT /api/bid-rounds/{id}/photos; the answer is the round, shown at once on every screen that has it. */
export function useSetPhotos(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageUrls: string[]) =>
      apiJson<BidRoundView>('PUT', `/api/bid-rounds/${roundId}/photos`, { imageUrls }),
    onSuccess: (round) => {
      patchRound(queryClient, roundId, () => round);
      return invalidateRoundData(queryClient, roundId);
    },
  });
}
