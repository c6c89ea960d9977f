import { Anchor, Box, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { BidRoundPanel } from '../../bids/components/bid-round-panel';
import { Gallery } from '../../photos/components/gallery';
import { roundPhotoUrls } from '../../photos/gallery-index';
import { CloseRoundButton } from './close-round-button';
import { DescriptionPreview, FullDescription, roundPath } from './property-description';
import { PropertyImage } from './property-image';
import { isRoundOpen, RoundBadges } from './round-badges';
import classes from './round-card.module.css';
import { RoundFacts } from './round-facts';
import { hasListing, RoundListing } from './round-listing';

const DIVIDER = { borderTop: '1px solid var(--mantine-color-gray-3)' };

interface RoundCardProps {
  round: BidRoundView;
  /** The round page: panel open, the whole description, and no link to the page it is on. */
  forceOpen?: boolean;
  /** Whether the panel starts unfolded in a list; the list picks which (see pickRoundsToUnfold). */
  defaultOpen?: boolean;
  /** Fetch the photo at once: the first card of a list, or the round page's. */
  priority?: boolean;
}

/** One round on the signed-in pages: the summary is always visible, the bid-round panel folds out. */
export function RoundCard({
  round,
  forceOpen = false,
  defaultOpen = false,
  priority = forceOpen,
}: RoundCardProps) {
  const now = useNow(5000);
  const { user } = useCurrentUser();
  const [opened, { toggle }] = useDisclosure(forceOpen || defaultOpen);
  const panelId = useId();
  const { property } = round;
  const name = property.title || property.address;
  const canClose = (round.isOwner || user?.isAdmin) && isRoundOpen(round, now);
  const photos = roundPhotoUrls(property);
  return (
    <Paper withBorder radius="md" shadow="xs" data-testid="round-card" component="article" aria-label={name}>
      <div className={forceOpen ? `${classes.layout} ${classes.page}` : classes.layout}>
        <div>
          {/* The round page shows every photo; a card in a list only the cover. */}
          {forceOpen && photos.length > 0 ? (
            <Gallery photos={photos} name={name} />
          ) : (
            <PropertyImage src={property.imageUrl} alt={name} height={220} priority={priority} />
          )}
        </div>
        <div>
          <Stack gap="sm" p="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Box style={{ minWidth: 0 }}>
                <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                  {forceOpen ? (
                    property.title
                  ) : (
                    <Anchor component={Link} href={roundPath(round.id)} inherit c="inherit">
                      {property.title}
                    </Anchor>
                  )}
                </Title>
                <Text size="sm">{property.address}</Text>
              </Box>
              <RoundBadges round={round} now={now} />
            </Group>
            {property.description && !forceOpen ? (
              <DescriptionPreview text={property.description} roundId={round.id} />
            ) : null}
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
                  {opened ? 'Skjul detaljer' : 'Vis detaljer'}
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
        </div>
      </div>
      {property.description && forceOpen ? (
        <Box p="md" style={DIVIDER}>
          <FullDescription text={property.description} />
        </Box>
      ) : null}
      {forceOpen && hasListing(round, Boolean(user?.isAdmin)) ? (
        <Box p="md" style={DIVIDER}>
          <RoundListing round={round} />
        </Box>
      ) : null}
      {/* Not Mantine's default, React's <Activity>: on a page the server rendered (decision 024) that is a
          boundary of its own, hydrated after the page, so the bid form showed before it worked. The panel
          is rendered only while open anyway, so nothing is kept that Activity would keep. */}
      <Collapse expanded={opened} keepMountedMode="display-none">
        <Box id={panelId} p="md" style={DIVIDER}>
          {opened ? <BidRoundPanel round={round} /> : null}
        </Box>
      </Collapse>
    </Paper>
  );
}
