import { Container, Stack, Title } from '@mantine/core';
import type { CurrentUser } from '../../../shared/schemas/user';
import { AccountSection } from '../../features/account/components/account-section';
import { PublicRoundList } from '../../features/bid-rounds/components/public-round-list';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The signed-in start page: the open rounds, then the account section. */
export function ActiveRoundsPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Aktive budrunder');
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>Aktive budrunder</Title>
        <PublicRoundList isAuthenticated showHeading={false} />
        <AccountSection user={user} />
      </Stack>
    </Container>
  );
}
