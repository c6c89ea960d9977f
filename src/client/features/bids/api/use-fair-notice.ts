import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type {
  BidderAnswer,
  BidderStates,
  MyAnswer,
  WaivedCondition,
} from '../../../../shared/schemas/responses/fair-notice';
import { apiJson } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { invalidateRoundData, roundKeys, useLiveInterval } from '../../bid-rounds/api/round-queries';

// Everyone told (decision 066): the owner's list of bidders, a bidder's answer, and waiving a condition.

/** Each live bidder's state for the highest bid; for the owner and admins. Live events read it again. */
export function useBidderStates(roundId: string, enabled = true) {
  const refetchInterval = useLiveInterval();
  return useQuery<BidderStates>({
    queryKey: roundKeys.bidderStates(roundId),
    enabled,
    refetchInterval,
  });
}

const failed = (title: string) => (error: Error) =>
  showToast({ title, message: error.message || 'Prøv igjen', variant: 'destructive' });

/** 'Jeg byr ikke mer' / 'Jeg vurderer å by'. */
export function useMyAnswer(roundId: string) {
  return useMutation({
    mutationFn: (answer: BidderAnswer) =>
      apiJson<MyAnswer>('PUT', `/api/bid-rounds/${encodeURIComponent(roundId)}/my-answer`, { answer }),
    onSuccess: (result) => showToast({ title: 'Svar sendt', message: result.message }),
    onError: failed('Kunne ikke sende svaret'),
  });
}

/** 'Frafall forbeholdet', signed where the bidder has a passkey. */
export function useWaiveCondition(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, index, signature }: { bidId: string; index: number; signature?: SignatureProof }) =>
      apiJson<WaivedCondition>(
        'PUT',
        `/api/bids/${encodeURIComponent(bidId)}/conditions/${index}/waive`,
        signature ? { signature } : {},
      ),
    onSuccess: (result) => {
      showToast({ title: 'Forbeholdet er frafalt', message: 'Selgeren har fått beskjed.' });
      void invalidateRoundData(queryClient, roundId);
      return result;
    },
    onError: failed('Kunne ikke frafalle forbeholdet'),
  });
}
