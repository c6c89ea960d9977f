import { Box, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { IdentityNeeded, useIdentityNeeded } from '../../account/components/identity-needed';
import { PhoneNeeded } from '../../account/components/phone-needed';
import { useCurrentUser } from '../../auth/use-current-user';
import { useCounterOffers } from '../api/use-counter-offers';
import { useRoundBids } from '../api/use-round-bids';
import { isBidLive } from './bid-expiry';
import { BidForm } from './bid-form';
import { BidList } from './bid-list';
import classes from './bid-round-panel.module.css';
import { BidderStatesCard } from './bidder-states-card';
import { CoBidderInvitations, CoBiddersCard } from './co-bidders-card';
import { CounterOfferCard } from './counter-offer-card';
import { openOfferToMe } from './counter-offer-order';
import { FollowButton } from './follow-button';
import { FollowersList } from './followers-list';
import { MyAnswerCard } from './my-answer-card';
import { RoundOutcome } from './round-outcome';
import { SmsSwitch } from './sms-switch';

const CLOCK_TICK_MS = 5000;

// Mantine's error red (red.6) and placeholder grey read at about 3:1 on white; these read at over 5:1.
const READABLE_COLORS = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
} as CSSProperties;

const isOpenNow = (round: BidRoundView, now: Date) =>
  !round.isClosed && round.isActive && Date.parse(round.deadline) > now.getTime();

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
  // The seller's open counter-offer to this bidder stands out above the bid form (decision 035).
  const counterOffers = useCounterOffers(round.id, Boolean(user) && !round.isOwner);
  const offerToMe = isOpenNow(round, now) && !round.isOwner ? openOfferToMe(counterOffers.data, now) : null;

  const identityNeeded = useIdentityNeeded();
  const canManage = round.isOwner || Boolean(user?.isAdmin);
  const isOpen = isOpenNow(round, now);
  const canFollow = Boolean(user?.emailVerified) && !round.isOwner;

  const startingPrice = bids.data?.startingPrice ?? round.property.price;
  // Only live bids count: a lapsed bid, or one of a deleted account, sets no floor (PRODUCT decision).
  const liveAmounts = bids.data?.bids.filter((bid) => isBidLive(bid, now)).map((bid) => bid.amount);
  const highestBid = !liveAmounts
    ? round.highestBid
    : liveAmounts.length > 0
      ? Math.max(...liveAmounts)
      : null;

  // A decided round says so first: above the bid section, or for the owner (who has none) above the bids.
  const outcome = <RoundOutcome round={round} bids={bids.data?.bids} isAdmin={Boolean(user?.isAdmin)} />;

  // The owner can neither bid nor follow their own round, so they get no 'Legg inn bud' section at all,
  // rather than that heading over a note saying they cannot (decision 029).
  let bidArea: React.ReactNode;
  if (round.isOwner) bidArea = null;
  else if (!isOpen) bidArea = <Note>Budrunden er avsluttet. Ingen flere bud kan legges inn.</Note>;
  else if (!user) bidArea = <Note>Du må være innlogget for å legge inn bud.</Note>;
  else if (identityNeeded) bidArea = <IdentityNeeded action="bid" />;
  else bidArea = <BidForm round={round} startingPrice={startingPrice} highestBid={highestBid} now={now} />;

  // The layout (one column on a phone, two from md) is in bid-round-panel.module.css. The order here is the
  // phone's, which is also the order a screen reader and the Tab key follow.
  return (
    <Box className={classes.panel} style={READABLE_COLORS} data-no-bid-section={bidArea ? undefined : ''}>
      {bidArea ? (
        <>
          <Stack gap="sm" className={classes.bid}>
            {offerToMe ? <CounterOfferCard roundId={round.id} offer={offerToMe} now={now} /> : null}
            {user && isOpen ? <CoBidderInvitations roundId={round.id} /> : null}
            {user && isOpen && bids.data ? (
              <MyAnswerCard roundId={round.id} bids={bids.data.bids} now={now} />
            ) : null}
            {outcome}
            <Title order={3} size="h4">
              Legg inn bud
            </Title>
            {bidArea}
            {canFollow && isOpen ? (
              <>
                <FollowButton roundId={round.id} />
                <PhoneNeeded round={round} />
              </>
            ) : null}
            {user?.emailVerified ? <CoBiddersCard roundId={round.id} isOpen={isOpen} /> : null}
          </Stack>
          <Divider className={classes.listDivider} />
        </>
      ) : null}
      <Stack gap="sm" className={classes.list}>
        {bidArea ? null : outcome}
        <BidList round={round} now={now} canManage={canManage} isOpen={isOpen} />
      </Stack>
      {canManage ? (
        <>
          <Divider className={classes.ownerDivider} />
          <Stack gap="md" className={classes.owner}>
            <Stack gap="sm">
              <Title order={3} size="h4">
                Varsler
              </Title>
              <SmsSwitch round={round} isOpen={isOpen} />
            </Stack>
            {/* Who has had a fair chance matters until the choice (decision 066), not after. */}
            {isOpen ? (
              <>
                <Divider />
                <BidderStatesCard roundId={round.id} />
              </>
            ) : null}
            <Divider />
            <FollowersList roundId={round.id} />
          </Stack>
        </>
      ) : null}
    </Box>
  );
}
