import { Alert, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { RoundCard } from './round-card';

interface RoundListProps {
  rounds: BidRoundView[] | undefined;
  isLoading: boolean;
  error: Error | null;
}

/** The signed-in list of rounds as collapsible cards, with its loading and empty states. */
export function RoundList({ rounds, isLoading, error }: RoundListProps) {
  if (isLoading) {
    return (
      <Stack aria-busy="true" aria-label="Laster budrunder">
        {[0, 1].map((i) => (
          <Card key={i} withBorder radius="md" data-testid="round-card-skeleton">
            <Skeleton h={24} w="40%" mb="sm" />
            <Skeleton h={14} w="60%" mb="xs" />
            <Skeleton h={120} />
          </Card>
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Kunne ikke hente budrunder">
        {error.message}
      </Alert>
    );
  }
  if (!rounds?.length) {
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
  return (
    <Stack gap="lg">
      {rounds.map((round) => (
        <RoundCard key={round.id} round={round} />
      ))}
    </Stack>
  );
}
