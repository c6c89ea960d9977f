import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { PHOTO_SIZES } from '../../../../shared/format/photo-layout';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import type { JournalView } from '../../../../shared/schemas/journal';
import { leadingEntry } from '../../journals/api/use-journals';
import { roundPath } from './property-description';
import { PropertyImage } from './property-image';

const WITHOUT_WINNER: Partial<Record<string, string>> = {
  closed: 'Lukket uten vinner',
  'owner-deleted': 'Lukket da selgeren slettet kontoen',
};

/** How the round ended, and for what: the accepted bid, or the highest when no winner was chosen. */
export function closedRoundOutcome(round: BidRoundView, journal: JournalView | null): string {
  if (round.closeReason === 'winner' || round.closeReason === 'counter-offer') {
    const how = round.closeReason === 'winner' ? 'Vinner valgt' : 'Solgt etter akseptert motbud';
    const winner = journal ? leadingEntry(journal) : null;
    return winner?.isWinner ? `${how}: ${formatMoney(winner.amount)}` : how;
  }
  // A round past its deadline that the sweep has not closed yet has ended the same way.
  const how = (round.closeReason && WITHOUT_WINNER[round.closeReason]) ?? 'Budfristen gikk ut';
  let bids = round.bidCount === 0 ? 'ingen bud' : `${round.bidCount} bud`;
  if (round.highestBid !== null) bids = `høyeste bud ${formatMoney(round.highestBid)}`;
  return `${how} · ${bids}`;
}

interface ClosedRoundCardProps {
  round: BidRoundView;
  journal: JournalView | null;
  onOpenJournal: () => void;
}

/** A round that has ended, folded to one row: what it was, how it ended, and its budjournal. */
export function ClosedRoundCard({ round, journal, onOpenJournal }: ClosedRoundCardProps) {
  const { property } = round;
  const name = property.title || property.address;
  const endedAt = round.closedAt ?? round.deadline;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={name} data-testid="closed-round">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box w={88} visibleFrom="xs" style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden' }}>
          <PropertyImage src={property.imageUrl} alt="" height={72} sizes={PHOTO_SIZES.closedRow} />
        </Box>
        <Group justify="space-between" align="center" gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2} style={{ flex: 1, minWidth: '14rem' }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} href={roundPath(round.id)} inherit c="inherit">
                {name}
              </Anchor>
            </Title>
            {property.title ? <Text size="sm">{property.address}</Text> : null}
            <Text size="sm">Avsluttet {formatLongDate(endedAt)}</Text>
            <Text size="sm" fw={600} data-testid="closed-round-outcome">
              {closedRoundOutcome(round, journal)}
            </Text>
            {round.isOwner || round.hasBid ? (
              <Group gap={6} mt={4}>
                {round.isOwner ? (
                  <Badge variant="filled" color="blue.8" size="sm">
                    Din eiendom
                  </Badge>
                ) : null}
                {round.hasBid ? (
                  <Badge variant="filled" color="grape.9" size="sm">
                    Du har budt
                  </Badge>
                ) : null}
              </Group>
            ) : null}
          </Stack>
          {journal ? (
            <Button variant="default" size="xs" onClick={onOpenJournal}>
              Vis budjournal<VisuallyHidden> for {name}</VisuallyHidden>
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
