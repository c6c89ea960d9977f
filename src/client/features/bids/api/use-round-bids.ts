import { useQuery } from '@tanstack/react-query';
import type { OwnerBidView, RoundBids } from '../../../../shared/schemas/bid';
import type { FollowerView } from '../../../../shared/schemas/bid-round';
import { roundKeys, useLiveInterval } from '../../bid-rounds/api/round-queries';

/** The round's bids as the viewer may see them; live, or refreshed every 5 s while signed in. */
export function useRoundBids(roundId: string) {
  const refetchInterval = useLiveInterval();
  return useQuery<RoundBids>({ queryKey: roundKeys.bids(roundId), refetchInterval });
}

/** The owner's and admins' detailed view, with who bid. Fetched and polled only while it is shown. */
export function useOwnerBids(roundId: string, shown: boolean) {
  const refetchInterval = useLiveInterval();
  return useQuery<OwnerBidView[]>({
    queryKey: roundKeys.ownerBids(roundId),
    enabled: shown,
    // Always fresh when the view is opened again, then live or every 5 s while it stays open.
    staleTime: 0,
    refetchInterval: shown ? refetchInterval : false,
  });
}

/** The round's followers, for its owner; cached for 30 s (SPEC §9). */
export function useFollowers(roundId: string, enabled: boolean) {
  return useQuery<FollowerView[]>({ queryKey: roundKeys.followers(roundId), enabled, staleTime: 30_000 });
}

/** Whether the viewer follows the round; asked only for signed-in users with a verified e-mail. */
export function useFollowStatus(roundId: string, enabled: boolean) {
  return useQuery<{ isFollowing: boolean }>({ queryKey: roundKeys.followStatus(roundId), enabled });
}
