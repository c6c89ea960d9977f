import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CoBidderInvitationAnswer,
  CoBidderList,
  InvitedCoBidder,
} from '../../../../shared/schemas/co-bidder';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { ApiError, apiJson } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { invalidateRoundData, roundKeys } from '../../bid-rounds/api/round-queries';

// Bidding together (decision 065): the viewer's group in a round, and the calls that change it.

export const NO_GROUP: CoBidderList = { members: [], groups: [], invitations: [] };

/** The viewer's own group: an admin is answered every group of the round, a member only theirs. */
export function ownGroupOf(list: CoBidderList | undefined): CoBidderList['members'] {
  if (!list) return [];
  if (list.groups.length === 0) return list.members;
  return list.groups.find((g) => g.members.some((m) => m.isYou))?.members ?? [];
}

const roundPath = (roundId: string) => `/api/bid-rounds/${encodeURIComponent(roundId)}/co-bidders`;

/**
 * The viewer's group and the invitations to them. One who is in no group and invited to none is answered
 * 403, which here reads as no group: they see the form to invite someone.
 */
export function useCoBidders(roundId: string, enabled = true) {
  return useQuery<CoBidderList>({
    queryKey: roundKeys.coBidders(roundId),
    enabled,
    queryFn: async () => {
      try {
        return await apiJson<CoBidderList>('GET', roundPath(roundId));
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return NO_GROUP;
        throw error;
      }
    },
  });
}

function useRefresh(roundId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: roundKeys.coBidders(roundId) });
    void invalidateRoundData(queryClient, roundId);
  };
}

const failed = (title: string) => (error: Error) =>
  showToast({ title, message: error.message || 'Prøv igjen', variant: 'destructive' });

/** 'Legg til medbudgiver': an invitation by e-mail. */
export function useInviteCoBidder(roundId: string) {
  const refresh = useRefresh(roundId);
  return useMutation({
    mutationFn: (email: string) => apiJson<InvitedCoBidder>('POST', roundPath(roundId), { email }),
    onSuccess: (result) => {
      refresh();
      showToast({ title: 'Invitasjon sendt', message: result.message });
    },
  });
}

/** 'Godta og signer' or 'Avslå' on an invitation to the viewer. */
export function useAnswerInvitation(roundId: string) {
  const refresh = useRefresh(roundId);
  return useMutation({
    mutationFn: ({
      id,
      answer,
      signature,
    }: {
      id: string;
      answer: 'accept' | 'decline';
      signature?: SignatureProof;
    }) =>
      apiJson<CoBidderInvitationAnswer>(
        'PUT',
        `/api/co-bidder-invitations/${encodeURIComponent(id)}/${answer}`,
        signature ? { signature } : {},
      ),
    onSuccess: (result) => {
      refresh();
      showToast({
        title: result.invitation.state === 'accepted' ? 'Dere byr nå sammen' : 'Invitasjonen er avslått',
        message: result.message,
      });
    },
    onError: failed('Kunne ikke svare på invitasjonen'),
  });
}

/** 'Trekk fullmakten': the viewer leaves their group for later bids. */
export function useLeaveGroup(roundId: string) {
  const refresh = useRefresh(roundId);
  return useMutation({
    mutationFn: (signature?: SignatureProof) =>
      apiJson<{ message: string }>('DELETE', `${roundPath(roundId)}/me`, signature ? { signature } : {}),
    onSuccess: (result) => {
      refresh();
      showToast({ title: 'Fullmakten er trukket', message: result.message });
    },
    onError: failed('Kunne ikke trekke fullmakten'),
  });
}
