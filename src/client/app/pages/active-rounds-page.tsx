import { Container, Group, Stack, Title } from '@mantine/core';
import type { CurrentUser } from '../../../shared/schemas/user';
import { AccountSection } from '../../features/account/components/account-section';
import { useUnauthorizedRedirect } from '../../features/auth/use-unauthorized-redirect';
import { roundKeys, useRoundsQuery } from '../../features/bid-rounds/api/round-queries';
import { ClosedRoundList } from '../../features/bid-rounds/components/closed-round-list';
import { RoundList } from '../../features/bid-rounds/components/round-list';
import { CreateRoundButton } from '../../features/create-round/components/create-round-button';
import { LiveStatus } from '../../features/live/components/live-status';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The signed-in start page: the open rounds, live, the user's ended rounds, then the account section. */
export function ActiveRoundsPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Aktive budrunder');
  const rounds = useRoundsQuery(roundKeys.active);
  useUnauthorizedRedirect(rounds.error);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={1}>Aktive budrunder</Title>
          <Group gap="md">
            <LiveStatus />
            {/* At the top, not below the rounds: a seller's page runs to several screens (decision 060). */}
            <CreateRoundButton />
          </Group>
        </Group>
        <RoundList rounds={rounds.data} isLoading={rounds.isLoading} error={rounds.error} />
        <ClosedRoundList />
        <AccountSection user={user} />
      </Stack>
    </Container>
  );
}
