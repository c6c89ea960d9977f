import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useUnauthorizedRedirect } from '../../features/auth/use-unauthorized-redirect';
import { roundKeys, useLiveInterval } from '../../features/bid-rounds/api/round-queries';
import { RoundCard } from '../../features/bid-rounds/components/round-card';
import { LiveStatus } from '../../features/live/components/live-status';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { openDialog } from '../../lib/window-events';

/** /budrunder/{id}: one round, open, with its panel. Where a card on the landing page leads. */
export function RoundPage({ params }: { params: { id: string } }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const round = useQuery<BidRoundView>({
    queryKey: roundKeys.round(params.id),
    enabled: Boolean(user),
    refetchInterval: useLiveInterval(),
  });
  useUnauthorizedRedirect(round.error);
  useDocumentTitle(round.data?.property.title ?? 'Budrunde');

  let content: React.ReactNode;
  if (!userLoading && !user) {
    content = (
      <Alert color="blue" title="Logg inn for å se budrunden">
        <Text size="sm">Du må være innlogget for å delta i budrunder og se buddetaljer.</Text>
        <Button mt="sm" onClick={() => openDialog('openLogin', { returnTo: `/budrunder/${params.id}` })}>
          Logg inn
        </Button>
      </Alert>
    );
  } else if (round.isLoading || userLoading) {
    content = <Skeleton h={320} radius="md" data-testid="round-page-skeleton" />;
  } else if (round.error) {
    const missing =
      round.error instanceof ApiError && (round.error.status === 404 || round.error.status === 400);
    content = (
      <Alert color="red" title={missing ? 'Fant ikke budrunden' : 'Kunne ikke hente budrunden'}>
        {missing ? 'Budrunden finnes ikke. Den kan ha blitt slettet.' : round.error.message}
      </Alert>
    );
  } else if (round.data) {
    content = <RoundCard round={round.data} forceOpen />;
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Anchor component={Link} href="/" size="sm">
            ← Tilbake til budrundene
          </Anchor>
          <LiveStatus />
        </Group>
        <VisuallyHidden>
          <Title order={1}>{round.data ? `Budrunde: ${round.data.property.title}` : 'Budrunde'}</Title>
        </VisuallyHidden>
        {content}
      </Stack>
    </Container>
  );
}
