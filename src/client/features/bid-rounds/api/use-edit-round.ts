import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidRoundView, EditRoundInput } from '../../../../shared/schemas/bid-round';
import { apiJson } from '../../../lib/api';
import { invalidateRoundData, patchRound } from './round-queries';

/** PATCH /api/bid-rounds/{id}: the listing's text. Every cached copy shows the answer at once. */
export function useEditRound(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditRoundInput) =>
      apiJson<BidRoundView>('PATCH', `/api/bid-rounds/${roundId}`, input),
    onSuccess: (round) => {
      // Only the listing's text and its changes come from the answer, at once; the refetch brings the rest.
      patchRound(queryClient, roundId, (old) => ({
        ...old,
        property: { ...old.property, ...round.property },
        changes: round.changes,
      }));
      return invalidateRoundData(queryClient, roundId);
    },
  });
}
