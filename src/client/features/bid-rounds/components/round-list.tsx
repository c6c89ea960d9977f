import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useFirstRenderTime } from '../../../lib/hydration';
import { NoRounds } from './no-rounds';
import { RoundCard } from './round-card';
import { pickRoundsToUnfold } from './round-order';

interface RoundListProps {
  rounds: BidRoundView[] | undefined;
  isLoading: boolean;
  error: Error | null;
}

function LoadedRoundList({ rounds }: { rounds: BidRoundView[] }) {
  // Chosen once, from the first answer: a poll must not unfold another card or fold the one being read.
  const firstRenderTime = useFirstRenderTime();
  const [unfolded] = useState(() => pickRoundsToUnfold(rounds, firstRenderTime));
  return (
    <Stack gap="lg">
      {rounds.map((round, index) => (
        <RoundCard key={round.id} round={round} defaultOpen={unfolded.has(round.id)} priority={index === 0} />
      ))}
    </Stack>
  );
}

/** The signed-in list of rounds as collapsible cards, with its loading and empty states. */
export function RoundList({ rounds, isLoading, error }: RoundListProps) {
  if (isLoading) {
    return (
      <Stack role="status" aria-busy="true" aria-label="Laster budrunder">
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
    return <NoRounds />;
  }
  return <LoadedRoundList rounds={rounds} />;
}
