import { Box, Collapse, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { BidRoundPanel } from '../../bids/components/bid-round-panel';
import { CloseRoundButton } from './close-round-button';
import { PropertyImage } from './property-image';
import { isRoundOpen, RoundBadges } from './round-badges';
import { RoundFacts } from './round-facts';

/**
 * One round on the signed-in pages: the summary is always visible, the bid-round panel folds out. It starts
 * open for the owner and for anyone who has bid.
 */
export function RoundCard({ round, forceOpen = false }: { round: BidRoundView; forceOpen?: boolean }) {
  const now = useNow(5000);
  const { user } = useCurrentUser();
  const [opened, { toggle }] = useDisclosure(forceOpen || round.isOwner || round.hasBid);
  const panelId = useId();
  const name = round.property.title || round.property.address;
  const canClose = (round.isOwner || user?.isAdmin) && isRoundOpen(round, now);
  return (
    <Paper withBorder radius="md" shadow="xs" data-testid="round-card" component="article" aria-label={name}>
      <Grid gap={0}>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <PropertyImage src={round.property.imageUrl} alt={name} height={220} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm" p="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Box>
                <Title order={2} size="h3">
                  {round.property.title}
                </Title>
                <Text size="sm">{round.property.address}</Text>
              </Box>
              <RoundBadges round={round} now={now} />
            </Group>
            <RoundFacts round={round} now={now} />
            <Group gap="xs">
              <UnstyledButton
                onClick={toggle}
                aria-expanded={opened}
                aria-controls={panelId}
                c="blue.8"
                fw={600}
                fz="sm"
              >
                <Group gap={4}>
                  {opened ? 'Skjul budrunden' : 'Åpne budrunden'}
                  <IconChevronDown
                    size={16}
                    aria-hidden
                    style={{ transform: opened ? 'rotate(180deg)' : undefined }}
                  />
                </Group>
              </UnstyledButton>
              {canClose ? <CloseRoundButton roundId={round.id} title={name} /> : null}
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      <Collapse expanded={opened}>
        <Box id={panelId} p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {opened ? <BidRoundPanel round={round} /> : null}
        </Box>
      </Collapse>
    </Paper>
  );
}
