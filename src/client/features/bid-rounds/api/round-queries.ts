import { type QueryClient, useQuery } from '@tanstack/react-query';
import { roundKeys } from '../../../../shared/query-keys';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useMemberStreamLive } from '../../../lib/live-connection';
import { LIVE_REFETCH_MS } from '../../../lib/query-client';
import { useCurrentUser } from '../../auth/use-current-user';

export { roundKeys };

/**
 * 5 s polling while someone is signed in and the live stream is not carrying their changes (it failed, or
 * is reconnecting); none while it is, none for visitors, and it stops on logout.
 */
export function useLiveInterval(): number | false {
  const { isAuthenticated } = useCurrentUser();
  const streamed = useMemberStreamLive();
  return isAuthenticated && !streamed ? LIVE_REFETCH_MS : false;
}

export function useRoundsQuery(key: readonly string[]) {
  const refetchInterval = useLiveInterval();
  return useQuery<BidRoundView[]>({ queryKey: key, refetchInterval });
}

/**
 * Writes what a mutation's answer says into every cached copy of the round (its page and the lists) at
 * once, before the refetch comes back: after 'Velg som vinner' no screen may show 'Aktiv' for a moment.
 */
export function patchRound(
  queryClient: QueryClient,
  roundId: string,
  patch: (round: BidRoundView) => BidRoundView,
): void {
  queryClient.setQueryData<BidRoundView>(roundKeys.round(roundId), (old) => (old ? patch(old) : old));
  for (const key of [roundKeys.active, roundKeys.mine, roundKeys.all]) {
    queryClient.setQueryData<BidRoundView[]>(key, (old) =>
      old?.map((round) => (round.id === roundId ? patch(round) : round)),
    );
  }
}

/** The round as closed, the moment the server has said so. */
export const closedNow =
  (winningBidId: string | null, reason?: BidRoundView['closeReason']) =>
  (round: BidRoundView): BidRoundView => ({
    ...round,
    isClosed: true,
    closedAt: new Date().toISOString(),
    closeReason: reason ?? (winningBidId ? 'winner' : 'closed'),
    winningBidId,
  });

/** After any change to a round or its bids, everything that shows them is fetched again (SPEC §7). */
export function invalidateRoundData(queryClient: QueryClient, roundId?: string): Promise<unknown> {
  const keys: (readonly string[])[] = [
    roundKeys.active,
    roundKeys.mine,
    roundKeys.all,
    roundKeys.userBids,
    roundKeys.journals,
  ];
  // The round page's query too: after 'Velg som vinner' it must not show 'Aktiv' for another 5 s.
  if (roundId) keys.push(roundKeys.round(roundId), roundKeys.ownerBids(roundId));
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
