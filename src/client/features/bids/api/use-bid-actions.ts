import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceBidInput, PlacedBid } from '../../../../shared/schemas/bid';
import type { SelectWinnerResult } from '../../../../shared/schemas/journal';
import { apiJson } from '../../../lib/api';
import { invalidateRoundData, roundKeys } from '../../bid-rounds/api/round-queries';

/** What the client sends to POST /api/bids: conditions '' when there are none, the deadline as ISO text. */
export interface PlaceBidPayload extends PlaceBidInput {
  bidRoundId: string;
  amount: number;
  conditions: string;
  bidDeadline: string;
}

const roundPath = (roundId: string) => `/api/bid-rounds/${encodeURIComponent(roundId)}`;

export function usePlaceBid(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PlaceBidPayload) => apiJson<PlacedBid>('POST', '/api/bids', payload),
    onSuccess: () => {
      void invalidateRoundData(queryClient, roundId);
      // Placing a bid makes the bidder a follower.
      void queryClient.invalidateQueries({ queryKey: roundKeys.followStatus(roundId) });
    },
  });
}

export function useSelectWinner(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) =>
      apiJson<SelectWinnerResult>('PUT', `${roundPath(roundId)}/select-winner/${encodeURIComponent(bidId)}`),
    onSuccess: () => void invalidateRoundData(queryClient, roundId),
  });
}

export function useUpdateStartingBid(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newStartingBid: number) =>
      apiJson<{ newStartingBid: number }>('PUT', `${roundPath(roundId)}/starting-bid`, { newStartingBid }),
    onSuccess: () => void invalidateRoundData(queryClient, roundId),
  });
}

export function useSetSmsNotifications(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiJson<{ enabled: boolean }>('PUT', `${roundPath(roundId)}/sms-notifications`, { enabled }),
    onSuccess: () => void invalidateRoundData(queryClient, roundId),
  });
}

/** Follows (true) or unfollows (false) the round. */
export function useSetFollowing(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiJson<{ isFollowing: boolean }>(follow ? 'POST' : 'DELETE', `${roundPath(roundId)}/follow`),
    onSuccess: (result) => {
      queryClient.setQueryData(roundKeys.followStatus(roundId), result);
      void queryClient.invalidateQueries({ queryKey: roundKeys.followers(roundId) });
      void invalidateRoundData(queryClient, roundId);
    },
  });
}
