import { Box, Group, Text } from '@mantine/core';
import { useLiveStatus } from '../../../lib/live-connection';
import { useCurrentUser } from '../../auth/use-current-user';

/**
 * How fresh the page is, said quietly for signed-in users: 'Direkte' while the stream carries their
 * changes, or that the page polls while it reconnects. Nothing while the first connection is being made,
 * so the page does not flicker through 'Oppdateres …' on every load.
 */
export function LiveStatus() {
  const { isAuthenticated } = useCurrentUser();
  const { state, signedIn } = useLiveStatus();
  if (!isAuthenticated || state === 'connecting') return null;
  const live = state === 'live' && signedIn;
  return (
    <Group gap={6} wrap="nowrap" data-testid="live-status" data-state={live ? 'live' : 'polling'}>
      <Box
        aria-hidden
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: live ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)',
        }}
      />
      <Text size="xs" c="gray.7">
        {live ? 'Direkte' : 'Oppdateres hvert 5. sekund'}
      </Text>
    </Group>
  );
}
