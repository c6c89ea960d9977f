import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { LinkifiedText } from '../../../components/linkified-text';
import { PropertyFacts } from './property-facts';

const DESCRIPTION_PREVIEW = 80;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Deadline, highest bid, seller and description of a round, as the card shows them. */
export function RoundFacts({ round, now }: { round: BidRoundView; now: Date }) {
  const { property } = round;
  const owner = property.owner;
  return (
    <Stack gap="sm">
      <PropertyFacts property={property} />
      {property.description ? (
        <LinkifiedText size="sm" text={property.description} maxLength={DESCRIPTION_PREVIEW} />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Budfrist">
          <Text size="sm">{formatLongDate(round.deadline)}</Text>
          <Text size="sm" fw={600} data-testid="time-left">
            {formatTimeLeft(round.deadline, now)}
          </Text>
        </Fact>
        <Fact label="Høyeste bud">
          <Text size="lg" fw={700} data-testid="highest-bid">
            {round.highestBid === null ? 'Ingen bud ennå' : formatMoney(round.highestBid)}
          </Text>
          <Text size="sm">Startpris {formatMoney(property.price)}</Text>
        </Fact>
        {owner ? (
          <Fact label="Selger">
            <Text size="sm">
              {owner.firstName} {owner.lastName}
            </Text>
            {owner.phone ? (
              <Anchor size="sm" href={`tel:${owner.phone.replace(/\s/g, '')}`}>
                {owner.phone}
              </Anchor>
            ) : null}
            <Anchor size="sm" href={`mailto:${owner.email}`}>
              {owner.email}
            </Anchor>
          </Fact>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
