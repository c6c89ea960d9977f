import { Stack, Text } from '@mantine/core';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { AdminRoundCard } from './admin-round-card';

/** 'Budrunder': every round, open ones first, each as a card an admin can act on. */
export function RoundsTab({ rounds }: { rounds: BidRoundView[] }) {
  const now = useNow(5000);
  if (rounds.length === 0) return <Text size="sm">Ingen budrunder funnet</Text>;
  return (
    <Stack gap="md">
      {rounds.map((round) => (
        <AdminRoundCard key={round.id} round={round} now={now} />
      ))}
    </Stack>
  );
}
