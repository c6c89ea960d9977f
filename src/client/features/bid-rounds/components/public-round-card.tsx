import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { formatDayMonth } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { PHOTO_SIZES } from '../../../../shared/format/photo-layout';
import { nextViewingLine } from '../../../../shared/format/viewing-time';
import type { PublicBidRound } from '../../../../shared/schemas/bid-round';
import { STATUS_COLORS } from '../../../app/theme';
import { useNow } from '../../../lib/use-now';
import { NextViewing } from '../../viewings/components/next-viewing';
import { DescriptionPreview, roundPath } from './property-description';
import { PropertyFacts } from './property-facts';
import { PropertyImage } from './property-image';

interface PublicRoundCardProps {
  round: PublicBidRound;
  onOpen: (round: PublicBidRound, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Fetch the photo at once: the first card, the largest thing on a phone's first screen. */
  priority?: boolean;
}

/**
 * A round on the landing page. The whole card is one link to the round, so 'Vis mer' in it is part of that
 * link and asks a visitor to log in, like any click on the card.
 */
export function PublicRoundCard({ round, onOpen, priority }: PublicRoundCardProps) {
  const { property } = round;
  const name = property.title || property.address;
  const now = useNow(60_000);
  const viewing = nextViewingLine(round.viewings, now);
  return (
    <Card
      component="a"
      href={roundPath(round.id)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => onOpen(round, event)}
      withBorder
      shadow="sm"
      radius="md"
      padding="md"
      aria-label={`${name}, ${property.address}. Startpris ${formatMoney(property.price)}. Budfrist ${formatDayMonth(round.deadline)}${viewing ? `. ${viewing}` : ''}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Card.Section>
        <PropertyImage
          src={property.imageUrl}
          alt={name}
          height={190}
          priority={priority}
          sizes={PHOTO_SIZES.publicCard}
        />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg" lineClamp={2}>
            {name}
          </Text>
          <Badge color={STATUS_COLORS.active} variant="filled" style={{ flexShrink: 0 }}>
            Aktiv
          </Badge>
        </Group>
        {property.title ? <Text size="sm">{property.address}</Text> : null}
        <PropertyFacts property={property} />
        {property.description ? (
          <DescriptionPreview text={property.description} roundId={round.id} insideLink />
        ) : null}
        {/* The asking price, as every Norwegian listing shows it; the bids stay behind the login. */}
        <Text size="sm">
          <Text span fw={600}>
            Startpris
          </Text>{' '}
          {formatMoney(property.price)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Høyeste bud:
          </Text>{' '}
          Krever innlogging
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Budfrist:
          </Text>{' '}
          {formatDayMonth(round.deadline)}
        </Text>
        <NextViewing viewings={round.viewings} now={now} />
      </Stack>
    </Card>
  );
}
