import { Stack, Text } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';

/** 'Ingen aktive budrunder', shown to visitors and members alike. */
export function NoRounds() {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <IconHomeSearch size={48} stroke={1.5} aria-hidden />
      <Text fw={700} size="lg">
        Ingen aktive budrunder
      </Text>
      <Text>Nye budrunder vil bli publisert her når de blir tilgjengelige</Text>
    </Stack>
  );
}
