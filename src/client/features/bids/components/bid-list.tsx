import { Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { liveBidsAt } from '../../../../shared/rules/bids';
import type { BidView, OwnerBidView } from '../../../../shared/schemas/bid';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useCurrentUser } from '../../auth/use-current-user';
import { useNewBid } from '../../live/new-bids';
import { useCounterOffers } from '../api/use-counter-offers';
import { useOwnerBids, useRoundBids } from '../api/use-round-bids';
import { latestLiveBidIds, liveBidIds, sortBids } from './bid-expiry';
import { BidRow } from './bid-row';
import { BidderGroups } from './bidder-groups';
import { CounterOfferDialog } from './counter-offer-dialog';
import { placeCounterOffers } from './counter-offer-order';
import { CounterOfferRow } from './counter-offer-row';
import { RejectBidDialog } from './reject-bid-dialog';
import { SelectWinnerDialog } from './select-winner-dialog';
import { StartingPriceLine } from './starting-price-line';

interface BidListProps {
  round: BidRoundView;
  now: Date;
  /** The owner or an admin. */
  canManage: boolean;
  /** Not closed and before the round's deadline. */
  isOpen: boolean;
  /** Start with the bidders' details shown (the admin panel). */
  detailsByDefault?: boolean;
}

function Problem({ children }: { children: string }) {
  return (
    <Text size="sm" c="red.9" role="alert">
      {children}
    </Text>
  );
}

/** 'Innkomne bud': the starting price and every bid, highest first; the owner may switch to full details. */
export function BidList({ round, now, canManage, isOpen, detailsByDefault = false }: BidListProps) {
  const [showDetails, setShowDetails] = useState(detailsByDefault);
  const [winnerCandidate, setWinnerCandidate] = useState<BidView | OwnerBidView | null>(null);
  const [rejectCandidate, setRejectCandidate] = useState<BidView | OwnerBidView | null>(null);
  const [counterCandidate, setCounterCandidate] = useState<BidView | OwnerBidView | null>(null);
  const signedIn = useCurrentUser().isAuthenticated;
  // Visitors see no counter-offers: the server answers them 401.
  const counterOffers = useCounterOffers(round.id, signedIn).data ?? [];
  const detailed = canManage && showDetails;
  const bidsQuery = useRoundBids(round.id);
  const ownerQuery = useOwnerBids(round.id, detailed);
  const { announcement, flashBidId } = useNewBid(round.id);

  const startingPrice = bidsQuery.data?.startingPrice ?? round.property.price;
  const query = detailed ? ownerQuery : bidsQuery;
  const source: readonly (BidView | OwnerBidView)[] | undefined = detailed
    ? ownerQuery.data
    : bidsQuery.data?.bids;
  const bids = source ? sortBids(source) : [];
  // 'Velg som vinner' only on each bidder's latest live bid, and only while the round is open.
  // Bids are judged when bidding ended once it has: a won round's winning bid never turns 'Utløpt'.
  const judgedAt = liveBidsAt(round, now);
  const selectable = canManage && isOpen ? latestLiveBidIds(bids, judgedAt) : new Set<string>();
  // 'Avslå' on every live bid while the round is open (decision 034).
  const rejectable = canManage && isOpen ? liveBidIds(bids, judgedAt) : new Set<string>();
  // 'Gi motbud' and 'Trekk motbud' are the owner's alone (an admin may not offer on a seller's behalf).
  const canCounter = round.isOwner && isOpen;
  const counterable = canCounter ? rejectable : new Set<string>();
  // The owner's detailed view names the bidder; the plain list, until it comes, the pseudonym.
  const counterNames = useOwnerBids(round.id, counterCandidate !== null && !detailed).data;
  const nameOf = (bid: BidView | OwnerBidView | null) =>
    bid && 'user' in bid ? `${bid.user.firstName} ${bid.user.lastName}`.trim() : null;
  const candidateName = nameOf(winnerCandidate);

  let body: React.ReactNode;
  if (query.isPending && !source) {
    body = <Loader size="sm" aria-label={detailed ? 'Laster budgiverdetaljer' : 'Laster bud'} />;
  } else if (query.isError && !source) {
    body = <Problem>{`Kunne ikke hente bud: ${query.error.message}`}</Problem>;
  } else if (bids.length === 0) {
    body = <Text size="sm">Ingen bud registrert ennå</Text>;
  } else if (detailed && ownerQuery.data) {
    body = (
      <BidderGroups
        bids={sortBids(ownerQuery.data)}
        now={judgedAt}
        roundOpen={isOpen}
        selectable={selectable}
        rejectable={rejectable}
        flashBidId={flashBidId}
        onSelectWinner={setWinnerCandidate}
        onReject={setRejectCandidate}
        roundId={round.id}
        counterOffers={counterOffers}
        counterable={counterable}
        onCounter={setCounterCandidate}
        canWithdraw={canCounter}
      />
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {placeCounterOffers(bids, counterOffers).map((entry) =>
          entry.kind === 'counter-offer' ? (
            <CounterOfferRow
              key={entry.offer.id}
              roundId={round.id}
              offer={entry.offer}
              now={now}
              canWithdraw={canCounter}
              bidderLabel={bids.find((bid) => bid.id === entry.offer.bidId)?.bidderLabel}
            />
          ) : (
            <BidRow
              key={entry.bid.id}
              roundId={round.id}
              roundWinner={round.winningBidId}
              bid={entry.bid}
              now={judgedAt}
              roundOpen={isOpen}
              // The bidder may open the proof of their own bid; the server refuses anyone else's.
              canOpenProof={canManage || entry.bid.isOwnBid}
              canSelectWinner={selectable.has(entry.bid.id)}
              canReject={rejectable.has(entry.bid.id)}
              highlighted={entry.bid.id === flashBidId && entry.bid.isHighestBid}
              onSelectWinner={setWinnerCandidate}
              onReject={setRejectCandidate}
              canCounter={counterable.has(entry.bid.id)}
              onCounter={setCounterCandidate}
            />
          ),
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          Innkomne bud
        </Title>
        {canManage ? (
          <Button variant="default" size="xs" onClick={() => setShowDetails((shown) => !shown)}>
            {showDetails ? 'Skjul budgiverdetaljer' : 'Vis budgiverdetaljer'}
          </Button>
        ) : null}
      </Group>
      {/* Present from the start: screen readers only announce changes to a live region they already know. */}
      <VisuallyHidden aria-live="polite" data-testid="bid-announcer">
        {announcement}
      </VisuallyHidden>
      <StartingPriceLine roundId={round.id} startingPrice={startingPrice} canEdit={canManage && isOpen} />
      {body}
      {canManage ? (
        <SelectWinnerDialog
          roundId={round.id}
          bid={winnerCandidate}
          bidderName={candidateName}
          onClose={() => setWinnerCandidate(null)}
        />
      ) : null}
      {canCounter ? (
        <CounterOfferDialog
          roundId={round.id}
          roundDeadline={round.deadline}
          bid={counterCandidate}
          bidderName={nameOf(
            counterNames?.find((bid) => bid.id === counterCandidate?.id) ?? counterCandidate,
          )}
          openOffer={
            counterOffers.find(
              (offer) =>
                offer.status === 'open' &&
                counterCandidate !== null &&
                bids.some(
                  (bid) => bid.id === offer.bidId && bid.bidderLabel === counterCandidate.bidderLabel,
                ),
            ) ?? null
          }
          now={now}
          onClose={() => setCounterCandidate(null)}
        />
      ) : null}
      {canManage ? (
        <RejectBidDialog
          roundId={round.id}
          bid={rejectCandidate}
          bidderName={nameOf(rejectCandidate)}
          onClose={() => setRejectCandidate(null)}
        />
      ) : null}
    </Stack>
  );
}
