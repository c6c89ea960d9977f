import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { clockTime } from '../../../../shared/rules/fair-notice';
import type { BidderState } from '../../../../shared/schemas/responses/fair-notice';
import { STATUS_COLORS } from '../../../app/theme';
import { useBidderStates } from '../api/use-fair-notice';

// 'Har alle fått med seg budet?' (decision 066): for the owner, each live bidder's state for the highest
// bid, as a broker's phone round would tell it. Read again on every live event of the round.

export function toldLine(b: BidderState): string {
  if (!b.notifiedAt) return 'Ikke varslet ennå';
  return `Varslet ${clockTime(b.notifiedAt)}${b.notifiedBy ? ` (${b.notifiedBy})` : ''}`;
}

function AnswerBadge({ bidder }: { bidder: BidderState }) {
  if (bidder.answer === 'done')
    return (
      <Badge color="gray.8" variant="filled">
        {`Byr ikke mer ${bidder.answeredAt ? clockTime(bidder.answeredAt) : ''}`.trim()}
      </Badge>
    );
  if (bidder.answer === 'considering')
    return (
      <Badge color="orange.9" variant="filled">
        {`Vurderer å by ${bidder.answeredAt ? clockTime(bidder.answeredAt) : ''}`.trim()}
      </Badge>
    );
  return null;
}

/** 'Varslet 14:02 (SMS og e-post) · Sett 14:05' and the answer, for one bidder who does not lead. */
export function BidderStateLine({ bidder }: { bidder: BidderState }) {
  if (bidder.isLeading) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="bidder-state-line">
      <Text size="xs">
        {toldLine(bidder)} · {bidder.seenAt ? `Sett ${clockTime(bidder.seenAt)}` : 'Ikke sett ennå'}
      </Text>
      <AnswerBadge bidder={bidder} />
    </Group>
  );
}

function BidderStateRow({ bidder }: { bidder: BidderState }) {
  return (
    <li data-testid="bidder-state">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {bidder.label}
        </Text>
        <Text size="sm">{bidder.name}</Text>
        {bidder.isLeading ? (
          <Badge color={STATUS_COLORS.active} variant="filled">
            Høyeste bud
          </Badge>
        ) : (
          <AnswerBadge bidder={bidder} />
        )}
      </Group>
      {bidder.isLeading ? null : (
        <Text size="xs">
          {toldLine(bidder)} · {bidder.seenAt ? `Sett ${clockTime(bidder.seenAt)}` : 'Ikke sett ennå'}
        </Text>
      )}
    </li>
  );
}

export function BidderStatesCard({ roundId }: { roundId: string }) {
  const states = useBidderStates(roundId);
  let body: React.ReactNode;
  if (states.isPending) body = <Loader size="sm" aria-label="Laster budgivernes status" />;
  else if (states.isError)
    body = (
      <Text size="sm" c="red.9" role="alert">
        {`Kunne ikke hente budgivernes status: ${states.error.message}`}
      </Text>
    );
  else if (states.data.bidders.length === 0) body = <Text size="sm">Ingen gjeldende bud ennå</Text>;
  else
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {states.data.bidders.map((b) => (
          <BidderStateRow key={b.label} bidder={b} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Har alle fått med seg det siste budet?
      </Title>
      {body}
    </Stack>
  );
}
