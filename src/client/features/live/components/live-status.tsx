import { Box, Group, Text } from '@mantine/core';
import { useLiveStatus } from '../../../lib/live-connection';
import { useOnline } from '../../../lib/use-online';
import { useCurrentUser } from '../../auth/use-current-user';

/**
 * How fresh the page is, said quietly for signed-in users: 'Direkte' while the stream carries their
 * changes, 'Frakoblet' while the browser has no network, or that the page polls while it reconnects. Nothing while the first connection is being made,
 * so the page does not flicker through 'Oppdateres …' on every load.
 */
export function LiveStatus() {
  const { isAuthenticated } = useCurrentUser();
  const { state, signedIn } = useLiveStatus();
  const online = useOnline();
  if (!isAuthenticated || (state === 'connecting' && online)) return null;
  // Without a network the stream may not have noticed yet, and polling cannot help: say so plainly.
  const live = online && state === 'live' && signedIn;
  const text = !online ? 'Frakoblet' : live ? 'Direkte' : 'Oppdateres hvert 5. sekund';
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="live-status"
      data-state={!online ? 'offline' : live ? 'live' : 'polling'}
    >
      <Box
        aria-hidden
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: live
            ? 'var(--mantine-color-green-7)'
            : online
              ? 'var(--mantine-color-gray-6)'
              : 'var(--mantine-color-red-8)',
        }}
      />
      <Text size="xs" c="gray.7">
        {text}
      </Text>
    </Group>
  );
}
