import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { LabeledValue } from '../../../components/labeled-value';
import { TAP_TARGET } from '../../../components/tap-target';
import flash from '../../live/bid-flash.module.css';
import { useNewBid } from '../../live/new-bids';
import { NextViewing } from '../../viewings/components/next-viewing';
import { PropertyFacts } from './property-facts';

/**
 * The headline figure: the highest bid that still binds its bidder. A round whose bids have all lapsed says
 * so, rather than showing a figure no one is held to.
 */
export function highestBidText(round: Pick<BidRoundView, 'highestBid' | 'bidCount'>): string {
  if (round.highestBid !== null) return formatMoney(round.highestBid);
  return round.bidCount > 0 ? 'Alle bud er utløpt' : 'Ingen bud ennå';
}

/** Deadline, highest live bid and seller of a round, as the card shows them. */
export function RoundFacts({ round, now }: { round: BidRoundView; now: Date }) {
  const { property } = round;
  const owner = property.owner;
  const { flashBidId } = useNewBid(round.id);
  return (
    <Stack gap="sm">
      <PropertyFacts property={property} />
      <NextViewing viewings={round.viewings} now={now} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <LabeledValue label="Budfrist">
          <Text size="sm">{formatLongDate(round.deadline)}</Text>
          <Text size="sm" fw={600} data-testid="time-left">
            {round.isClosed
              ? `Avsluttet${round.closedAt ? ` ${formatLongDate(round.closedAt)}` : ''}`
              : formatTimeLeft(round.deadline, now)}
          </Text>
        </LabeledValue>
        <LabeledValue label="Høyeste bud">
          <Text
            // A new element per new bid, so the highlight starts again when bids come in quick succession.
            key={flashBidId ?? 'settled'}
            size="lg"
            fw={700}
            data-testid="highest-bid"
            className={flashBidId ? `${flash.headline} ${flash.flash}` : flash.headline}
          >
            {highestBidText(round)}
          </Text>
          <Text size="sm">Startpris {formatMoney(property.price)}</Text>
        </LabeledValue>
        {/* The seller's contact details are for the others: the owner would only read their own back. */}
        {owner && !round.isOwner ? (
          <LabeledValue label="Selger">
            <Text size="sm">
              {owner.firstName} {owner.lastName}
            </Text>
            {owner.phone ? (
              <Anchor size="sm" href={`tel:${owner.phone.replace(/\s/g, '')}`} {...TAP_TARGET}>
                {owner.phone}
              </Anchor>
            ) : null}
            <Anchor size="sm" href={`mailto:${owner.email}`} {...TAP_TARGET}>
              {owner.email}
            </Anchor>
          </LabeledValue>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
