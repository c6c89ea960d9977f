import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MouseEvent, useState } from 'react';
import { useLocation } from 'wouter';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { LoadPart, lazyPart } from '../../../components/lazy-part';
import { useShownOnce } from '../../../lib/use-shown-once';
import { usePublicActiveRounds } from '../api/use-active-rounds';
import { NoRounds } from './no-rounds';
import { PublicRoundCard } from './public-round-card';
import { RoundCardSkeleton } from './round-card-skeleton';

// A dialog, with Mantine's modal machinery, that most visitors never open: loaded on the first click.
const LoginRequiredDialog = lazyPart(
  () => import('./login-required-dialog'),
  (m) => m.LoginRequiredDialog,
);

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** The active rounds as cards. A visitor's click asks them to log in; a user's opens the round. */
export function PublicRoundList({
  isAuthenticated,
  showHeading = true,
}: {
  isAuthenticated: boolean;
  showHeading?: boolean;
}) {
  const rounds = usePublicActiveRounds();
  const [, navigate] = useLocation();
  // The round a visitor clicked: the login prompt is open while it is set, and login lands on it.
  const [loginPromptFor, setLoginPromptFor] = useState<string | null>(null);
  const promptShown = useShownOnce(loginPromptFor !== null);

  const openRound = (round: PublicBidRound, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (isAuthenticated) navigate(`/budrunder/${round.id}`);
    else setLoginPromptFor(round.id);
  };

  let content: React.ReactNode;
  if (rounds.isLoading) {
    content = (
      <SimpleGrid cols={GRID_COLS} role="status" aria-busy="true" aria-label="Laster budrunder">
        <RoundCardSkeleton />
        <RoundCardSkeleton />
        <RoundCardSkeleton />
      </SimpleGrid>
    );
  } else if (rounds.isError) {
    content = (
      <Alert color="red" title="Kunne ikke hente budrunder">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{rounds.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => rounds.refetch()}>
            Prøv igjen
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!rounds.data?.length) {
    content = <NoRounds landing />;
  } else {
    content = (
      <SimpleGrid cols={GRID_COLS} spacing="lg">
        {rounds.data.map((round, index) => (
          <PublicRoundCard key={round.id} round={round} onOpen={openRound} priority={index === 0} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      {showHeading ? <Title order={2}>Aktive budrunder</Title> : null}
      {content}
      {promptShown ? (
        <LoadPart quiet>
          <LoginRequiredDialog
            opened={loginPromptFor !== null}
            returnTo={loginPromptFor ? `/budrunder/${loginPromptFor}` : undefined}
            onClose={() => setLoginPromptFor(null)}
          />
        </LoadPart>
      ) : null}
    </Stack>
  );
}
