import { Button } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast';
import { useSetFollowing } from '../api/use-bid-actions';
import { useFollowStatus } from '../api/use-round-bids';

/**
 * 'Følg budrunden' / 'Slutt å følge'. The panel shows it only to signed-in, verified users who do not own
 * the round (SPEC §6).
 */
export function FollowButton({ roundId }: { roundId: string }) {
  const status = useFollowStatus(roundId, true);
  const setFollowing = useSetFollowing(roundId);
  const isFollowing = status.data?.isFollowing ?? false;

  const toggle = () => {
    const follow = !isFollowing;
    setFollowing.mutate(follow, {
      onSuccess: () =>
        showToast(
          follow
            ? { title: 'Følger budrunde', message: 'Du vil nå motta varsler om alle nye bud' }
            : { title: 'Sluttet å følge', message: 'Du vil ikke lenger motta varsler om denne budrunden' },
        ),
      onError: (error) =>
        showToast({
          title: 'Feil',
          message:
            error.message || (follow ? 'Kunne ikke følge budrunde' : 'Kunne ikke slutte å følge budrunde'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Button
      variant={isFollowing ? 'default' : 'outline'}
      leftSection={isFollowing ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      onClick={toggle}
      loading={setFollowing.isPending}
      disabled={status.isPending}
    >
      {isFollowing ? 'Slutt å følge' : 'Følg budrunden'}
    </Button>
  );
}
