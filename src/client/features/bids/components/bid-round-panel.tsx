import { Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { useRoundBids } from '../api/use-round-bids';
import { isBidLive } from './bid-expiry';
import { BidForm } from './bid-form';
import { BidList } from './bid-list';
import { FollowButton } from './follow-button';
import { FollowersList } from './followers-list';
import { SmsSwitch } from './sms-switch';

const CLOCK_TICK_MS = 5000;
/** Mantine's md breakpoint. */
const DESKTOP_QUERY = '(min-width: 62em)';

// Mantine's error red (red.6) and placeholder grey read at about 3:1 on white; these read at over 5:1.
const READABLE_COLORS = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
} as CSSProperties;

function Note({ children }: { children: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Text size="sm">{children}</Text>
    </Paper>
  );
}

/**
 * Everything inside a round's card (SPEC §2 "Bid-round panel"): the bid form and follow control, the bid
 * list with the starting price, and for the owner and admins the SMS switch, followers and winner choice.
 */
export function BidRoundPanel({ round }: { round: BidRoundView }) {
  const { user } = useCurrentUser();
  const now = useNow(CLOCK_TICK_MS);
  const bids = useRoundBids(round.id);
  // Read at the first render, not in an effect (Mantine's default): the effect's answer re-rendered the
  // whole panel, and on a desktop switched it from one column to two after the first paint.
  const isDesktop = useMediaQuery(DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });

  const canManage = round.isOwner || Boolean(user?.isAdmin);
  const deadlinePassed = Date.parse(round.deadline) <= now.getTime();
  const isOpen = !round.isClosed && round.isActive && !deadlinePassed;
  const canFollow = Boolean(user?.emailVerified) && !round.isOwner;

  const startingPrice = bids.data?.startingPrice ?? round.property.price;
  // Only live bids count: a lapsed bid, or one of a deleted account, sets no floor (PRODUCT decision).
  const liveAmounts = bids.data?.bids.filter((bid) => isBidLive(bid, now)).map((bid) => bid.amount);
  const highestBid = !liveAmounts
    ? round.highestBid
    : liveAmounts.length > 0
      ? Math.max(...liveAmounts)
      : null;

  let bidArea: React.ReactNode;
  if (!isOpen) bidArea = <Note>Budrunden er avsluttet. Ingen flere bud kan legges inn.</Note>;
  else if (round.isOwner) bidArea = <Note>Dette er din eiendom. Du kan ikke by på din egen budrunde.</Note>;
  else if (!user) bidArea = <Note>Du må være innlogget for å legge inn bud.</Note>;
  else bidArea = <BidForm round={round} startingPrice={startingPrice} highestBid={highestBid} now={now} />;

  const bidSection = (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Legg inn bud
      </Title>
      {bidArea}
      {canFollow && isOpen ? <FollowButton roundId={round.id} /> : null}
    </Stack>
  );
  const ownerSection = canManage ? (
    <Stack gap="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Varsler
        </Title>
        <SmsSwitch round={round} isOpen={isOpen} />
      </Stack>
      <Divider />
      <FollowersList roundId={round.id} />
    </Stack>
  ) : null;
  const listSection = <BidList round={round} now={now} canManage={canManage} isOpen={isOpen} />;

  // Desktop: form, alerts and followers on the left, the bids on the right. Phones: one column, with the
  // bids straight after the form and the owner's extras last.
  return (
    <Box style={READABLE_COLORS}>
      {isDesktop ? (
        <Group align="flex-start" gap="xl" wrap="nowrap">
          <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
            {bidSection}
            {ownerSection ? <Divider /> : null}
            {ownerSection}
          </Stack>
          <Box style={{ flex: 1, minWidth: 0 }}>{listSection}</Box>
        </Group>
      ) : (
        <Stack gap="lg">
          {bidSection}
          <Divider />
          {listSection}
          {ownerSection ? <Divider /> : null}
          {ownerSection}
        </Stack>
      )}
    </Box>
  );
}
