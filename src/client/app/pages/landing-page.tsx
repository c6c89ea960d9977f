import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { PublicRoundList } from '../../features/bid-rounds/components/public-round-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { openDialog } from '../../lib/window-events';

/** The visitor's start page: what Budrunde is, and the rounds open right now. */
export function LandingPage() {
  useDocumentTitle(null);
  const { isAuthenticated } = useCurrentUser();
  return (
    <>
      <Box bg="blue.0" py={{ base: 40, sm: 64 }}>
        <Container size="lg">
          <Stack gap="md" maw={680}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              Enkelt å delta i budrunder
            </Title>
            <Text size="lg">
              Følg budrundene i sanntid, legg inn skriftlige og bindende bud med forbehold og akseptfrist, og
              få kvittering og budjournal for alt som skjer. Budgivere er anonyme for hverandre.
            </Text>
            {!isAuthenticated ? (
              <Group>
                {/* At 320 px the label would be cut: it may wrap, in a button as tall as it needs. */}
                <Button
                  size="md"
                  onClick={() => openDialog('openRegistration')}
                  styles={{
                    root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
                    label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
                  }}
                >
                  Registrer deg som budgiver
                </Button>
                <Button size="md" variant="default" component={Link} href="/how-it-works">
                  Slik fungerer det
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <PublicRoundList isAuthenticated={isAuthenticated} />
      </Container>
    </>
  );
}
