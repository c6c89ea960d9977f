import { Stack, Text } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';

/**
 * 'Ingen aktive budrunder', shown to visitors and members alike. The public landing list also says that
 * nothing is open right now (SPEC §2: 'Ingen aktiv budrunde for øyeblikket.').
 */
export function NoRounds({ landing = false }: { landing?: boolean }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <IconHomeSearch size={48} stroke={1.5} aria-hidden />
      <Text fw={700} size="lg">
        Ingen aktive budrunder
      </Text>
      {landing ? <Text>Ingen aktiv budrunde for øyeblikket.</Text> : null}
      <Text>Nye budrunder vil bli publisert her når de blir tilgjengelige</Text>
    </Stack>
  );
}
