import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '../../../../shared/format/money';
import type {
  AcceptedCounterOffer,
  CounterOfferView,
  CreatedCounterOffer,
} from '../../../../shared/schemas/counter-offer';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { apiJson } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import {
  closedNow,
  invalidateRoundData,
  patchRound,
  roundKeys,
  useLiveInterval,
} from '../../bid-rounds/api/round-queries';

/** What the client sends to POST /api/bid-rounds/{id}/counter-offers; the deadline as ISO text. */
export interface CounterOfferPayload {
  bidId: string;
  amount: number;
  deadline: string;
  conditions: string | null;
  /** The owner's passkey signature of exactly these terms, when signed (decision 041). */
  signature?: SignatureProof;
}

const offerPath = (id: string) => `/api/counter-offers/${encodeURIComponent(id)}`;

/**
 * The round's counter-offers (motbud) as the viewer may see them: live over the stream (the round events
 * carry them), or refreshed every 5 s while it is down. Visitors are not asked: the server answers them 401.
 */
export function useCounterOffers(roundId: string, enabled = true) {
  const refetchInterval = useLiveInterval();
  return useQuery<CounterOfferView[]>({
    queryKey: roundKeys.counterOffers(roundId),
    enabled,
    refetchInterval: enabled ? refetchInterval : false,
  });
}

/** Every open view of the round and its counter-offers is fetched again; the live event does it too. */
function useRefreshRound(roundId: string) {
  const queryClient = useQueryClient();
  return () => {
    void invalidateRoundData(queryClient, roundId);
    void queryClient.invalidateQueries({ queryKey: roundKeys.counterOffers(roundId) });
  };
}

/** 'Send motbud': the owner's written counter-offer to one bidder. */
export function useCreateCounterOffer(roundId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRound(roundId);
  return useMutation({
    mutationFn: (payload: CounterOfferPayload) =>
      apiJson<CreatedCounterOffer>(
        'POST',
        `/api/bid-rounds/${encodeURIComponent(roundId)}/counter-offers`,
        payload,
      ),
    onSuccess: ({ counterOffer }) => {
      // Shown at once; a new one withdraws the bidder's open one, which the refetch brings.
      queryClient.setQueryData<CounterOfferView[]>(roundKeys.counterOffers(roundId), (old) =>
        old ? [...old.filter((offer) => offer.id !== counterOffer.id), counterOffer] : old,
      );
      refresh();
    },
  });
}

const failed = (title: string) => (error: Error) =>
  showToast({ title, message: error.message || 'Prøv igjen', variant: 'destructive' });

/**
 * 'Aksepter motbudet': binding; the server places the bid, makes it the winner and closes the round. The
 * toasts are the mutation's own: the card that asked goes away as soon as the round is decided.
 */
export function useAcceptCounterOffer(roundId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRound(roundId);
  return useMutation({
    // `signature`: the bidder's passkey signature of the acceptance, when signed (decision 041).
    mutationFn: ({ id, signature }: { id: string; signature?: SignatureProof }) =>
      apiJson<AcceptedCounterOffer>('PUT', `${offerPath(id)}/accept`, signature ? { signature } : undefined),
    onSuccess: ({ bid }) => {
      patchRound(queryClient, roundId, closedNow(bid.id, 'counter-offer'));
      refresh();
      showToast({
        title: 'Motbudet er akseptert',
        message: `Handelen er bindende: du har kjøpt eiendommen for ${formatMoney(bid.amount)}. Selgeren har fått beskjed.`,
      });
    },
    onError: failed('Kunne ikke akseptere motbudet'),
  });
}

/** 'Avslå motbudet', by its recipient. */
export function useDeclineCounterOffer(roundId: string) {
  const refresh = useRefreshRound(roundId);
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('PUT', `${offerPath(id)}/decline`),
    onSuccess: () => {
      refresh();
      showToast({ title: 'Motbudet er avslått', message: 'Selgeren har fått beskjed.' });
    },
    onError: failed('Kunne ikke avslå motbudet'),
  });
}

/** 'Trekk motbud', by the owner, while it is open. */
export function useWithdrawCounterOffer(roundId: string) {
  const refresh = useRefreshRound(roundId);
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', offerPath(id)),
    onSuccess: refresh,
  });
}
