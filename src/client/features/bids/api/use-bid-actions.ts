import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceBidInput, PlacedBid, RejectedBid } from '../../../../shared/schemas/bid';
import type { SelectWinnerResult } from '../../../../shared/schemas/journal';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { apiJson } from '../../../lib/api';
import { closedNow, invalidateRoundData, patchRound, roundKeys } from '../../bid-rounds/api/round-queries';
import { uploadFinancingProof } from './upload-financing-proof';

/**
 * What the client sends to POST /api/bids: conditions '' when there are none (or the typed list, decision
 * 066), the deadline as ISO text.
 */
export interface PlaceBidPayload extends Omit<PlaceBidInput, 'conditions'> {
  bidRoundId: string;
  amount: number;
  conditions: string | { kind: string; text?: string; until?: string }[];
  bidDeadline: string;
}

const roundPath = (roundId: string) => `/api/bid-rounds/${encodeURIComponent(roundId)}`;

export function usePlaceBid(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ proof, ...payload }: PlaceBidPayload & { proof?: File | null }) => {
      // The proof first: the bid then takes its id, in the same transaction as the bid itself.
      const financingProofId = proof ? (await uploadFinancingProof(proof)).id : undefined;
      return apiJson<PlacedBid>('POST', '/api/bids', { ...payload, financingProofId });
    },
    onSuccess: ({ bid }) => {
      // The new bid is the highest live one: the headline says so before the refetch.
      patchRound(queryClient, roundId, (round) => ({
        ...round,
        highestBid: bid.amount,
        bidCount: round.bidCount + 1,
        liveBidCount: round.liveBidCount + 1,
        hasBid: true,
      }));
      void invalidateRoundData(queryClient, roundId);
      // Placing a bid makes the bidder a follower.
      void queryClient.invalidateQueries({ queryKey: roundKeys.followStatus(roundId) });
    },
  });
}

export function useSelectWinner(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `signature`: the owner's passkey signature of the choice, when signed (decision 041).
    // `overrideFairNotice`: the owner confirmed past the warning of bidders who have not seen the latest bid.
    mutationFn: ({
      bidId,
      signature,
      overrideFairNotice,
    }: {
      bidId: string;
      signature?: SignatureProof;
      overrideFairNotice?: boolean;
    }) =>
      apiJson<SelectWinnerResult>(
        'PUT',
        `${roundPath(roundId)}/select-winner/${encodeURIComponent(bidId)}`,
        signature || overrideFairNotice
          ? { ...(signature ? { signature } : {}), ...(overrideFairNotice ? { overrideFairNotice } : {}) }
          : undefined,
      ),
    onSuccess: (_result, { bidId }) => {
      patchRound(queryClient, roundId, closedNow(bidId));
      void invalidateRoundData(queryClient, roundId);
    },
  });
}

/** 'Avslå': the seller's written rejection of one bid, with an optional message to its bidder. */
export function useRejectBid(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      bidId,
      message,
      signature,
    }: {
      bidId: string;
      message: string;
      signature?: SignatureProof;
    }) =>
      apiJson<RejectedBid>('PUT', `${roundPath(roundId)}/bids/${encodeURIComponent(bidId)}/reject`, {
        message,
        ...(signature ? { signature } : {}),
      }),
    // The live event brings the new lists too; this covers a page whose stream is down.
    onSuccess: () => void invalidateRoundData(queryClient, roundId),
  });
}

export function useUpdateStartingBid(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newStartingBid: number) =>
      apiJson<{ newStartingBid: number }>('PUT', `${roundPath(roundId)}/starting-bid`, { newStartingBid }),
    onSuccess: ({ newStartingBid }) => {
      patchRound(queryClient, roundId, (round) => ({
        ...round,
        property: { ...round.property, price: newStartingBid },
      }));
      void invalidateRoundData(queryClient, roundId);
    },
  });
}

export function useSetSmsNotifications(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiJson<{ enabled: boolean }>('PUT', `${roundPath(roundId)}/sms-notifications`, { enabled }),
    onSuccess: ({ enabled }) => {
      patchRound(queryClient, roundId, (round) => ({ ...round, smsNotificationsEnabled: enabled }));
      void invalidateRoundData(queryClient, roundId);
    },
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
