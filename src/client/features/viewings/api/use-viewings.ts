import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ViewingView } from '../../../../shared/schemas/bid-round';
import type {
  CreateViewingInput,
  MyViewingSignups,
  ViewingCreated,
  ViewingSignupList,
  ViewingSignupStatus,
} from '../../../../shared/schemas/viewing';
import { apiJson, apiRequest } from '../../../lib/api';
import { invalidateRoundData, patchRound, roundKeys } from '../../bid-rounds/api/round-queries';

const roundPath = (roundId: string) => `/api/bid-rounds/${encodeURIComponent(roundId)}`;
const viewingPath = (roundId: string, viewingId: string) =>
  `${roundPath(roundId)}/viewings/${encodeURIComponent(viewingId)}`;

/** 'Legg i kalender': the viewing as an iCalendar file. */
export const calendarUrl = (roundId: string, viewingId: string) =>
  `${viewingPath(roundId, viewingId)}/calendar.ics`;

/** The visningsliste as CSV, for the owner and admins. */
export const signupsCsvUrl = (roundId: string, viewingId: string) =>
  `${viewingPath(roundId, viewingId)}/signups.csv`;

// Under the round's key, so that what refreshes the round page refreshes these too. The default loader
// GETs a key's parts joined with '/': these are the calls' paths.
export const viewingKeys = {
  mySignups: (roundId: string) => [...roundKeys.round(roundId), 'viewing-signups'] as const,
  /** Every viewing list of the round, as a prefix. */
  allSignups: (roundId: string) => [...roundKeys.round(roundId), 'viewings'] as const,
  signups: (roundId: string, viewingId: string) =>
    [...roundKeys.round(roundId), 'viewings', viewingId, 'signups'] as const,
};

const byStart = (a: ViewingView, b: ViewingView) => Date.parse(a.startsAt) - Date.parse(b.startsAt);

/** 'Legg til visning': shown at once; the new shortest acceptance deadline comes with the refetch. */
export function useAddViewing(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewing: CreateViewingInput) =>
      apiJson<ViewingCreated>('POST', `${roundPath(roundId)}/viewings`, viewing),
    onSuccess: ({ viewing }) => {
      patchRound(queryClient, roundId, (round) => ({
        ...round,
        viewings: [...round.viewings.filter((v) => v.id !== viewing.id), viewing].sort(byStart),
      }));
      void invalidateRoundData(queryClient, roundId);
    },
  });
}

export function useRemoveViewing(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewingId: string) => apiRequest('DELETE', viewingPath(roundId, viewingId)),
    onSuccess: (_result, viewingId) => {
      patchRound(queryClient, roundId, (round) => ({
        ...round,
        viewings: round.viewings.filter((v) => v.id !== viewingId),
      }));
      void invalidateRoundData(queryClient, roundId);
    },
  });
}

/** The viewings the signed-in user has signed up for, in this round. */
export function useMySignups(roundId: string, enabled: boolean) {
  return useQuery<MyViewingSignups>({
    queryKey: viewingKeys.mySignups(roundId),
    enabled,
  });
}

/** 'Meld deg på visning' / 'Meld av'. Signing up also follows the round, so the follow button is asked again. */
export function useSetSignedUp(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ viewingId, signUp }: { viewingId: string; signUp: boolean }) =>
      apiJson<ViewingSignupStatus>(signUp ? 'POST' : 'DELETE', `${viewingPath(roundId, viewingId)}/signup`),
    onSuccess: ({ signedUp }, { viewingId }) => {
      queryClient.setQueryData<MyViewingSignups>(viewingKeys.mySignups(roundId), (old) => {
        const others = (old?.viewingIds ?? []).filter((id) => id !== viewingId);
        return { viewingIds: signedUp ? [...others, viewingId] : others };
      });
      void queryClient.invalidateQueries({ queryKey: roundKeys.followStatus(roundId) });
    },
  });
}

/**
 * Who signed up for a viewing, for the owner and admins. Always asked again when shown anew (opening the
 * list): sign-ups are not carried by the live events.
 */
export function useViewingSignups(roundId: string, viewingId: string) {
  return useQuery<ViewingSignupList>({
    queryKey: viewingKeys.signups(roundId, viewingId),
    staleTime: 0,
  });
}
