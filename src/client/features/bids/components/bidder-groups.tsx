import { Paper, Stack, Text, Title } from '@mantine/core';
import type { BidView, OwnerBidView } from '../../../../shared/schemas/bid';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import { useBidderStates } from '../api/use-fair-notice';
import { BidRow } from './bid-row';
import { BidderDetails } from './bidder-details';
import { BidderStateLine } from './bidder-states-card';
import { CoBidderDetails } from './co-bidder-details';
import { offersFor, placeCounterOffers } from './counter-offer-order';
import { CounterOfferRow } from './counter-offer-row';

interface BidderGroupsProps {
  /** Highest first; the bidders come in the order of their highest bid. */
  bids: OwnerBidView[];
  now: Date;
  roundOpen: boolean;
  selectable: Set<string>;
  /** The bids that may be rejected: every live one while the round is open. */
  rejectable?: Set<string>;
  /** The bid that just came in live, highlighted while it is the highest. */
  flashBidId?: string | null;
  onSelectWinner: (bid: BidView | OwnerBidView) => void;
  onReject?: (bid: BidView | OwnerBidView) => void;
  roundId: string;
  /** The seller's counter-offers, each shown in its bidder's group by time. */
  counterOffers?: readonly CounterOfferView[];
  /** The bids that may get a counter-offer ('Gi motbud'): the owner's, every live one while open. */
  counterable?: Set<string>;
  onCounter?: (bid: BidView | OwnerBidView) => void;
  /** The owner, while the round is open: open counter-offers can be withdrawn. */
  canWithdraw?: boolean;
}

/** Bids grouped by bidder, in list order: each group keyed by the bidder's per-round label. */
export function groupByBidder(bids: OwnerBidView[]): OwnerBidView[][] {
  const groups = new Map<string, OwnerBidView[]>();
  for (const bid of bids) {
    const group = groups.get(bid.bidderLabel);
    if (group) group.push(bid);
    else groups.set(bid.bidderLabel, [bid]);
  }
  return [...groups.values()];
}

/** The owner's detailed view: each bidder's contact block once, with every bid of theirs under it. */
export function BidderGroups({
  bids,
  now,
  roundOpen,
  selectable,
  rejectable,
  flashBidId = null,
  onSelectWinner,
  onReject,
  roundId,
  counterOffers = [],
  counterable,
  onCounter,
  canWithdraw = false,
}: BidderGroupsProps) {
  // Each bidder's state for the highest bid (decision 066), under their heading, as the card lists it.
  const states = useBidderStates(roundId, roundOpen);
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {groupByBidder(bids).map((group) => {
        const first = group[0] as OwnerBidView;
        const own = `${first.user.firstName} ${first.user.lastName}`.trim();
        // A group's bids name every member (decision 065): the latest bid says who is in it now.
        const latest = [...group].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? first;
        const name = latest.bidders.length > 1 ? [own, ...latest.bidders.slice(1)].join(' og ') : own;
        const state = roundOpen ? states.data?.bidders.find((b) => b.label === first.bidderLabel) : undefined;
        return (
          <Paper
            component="li"
            key={first.bidderLabel}
            withBorder
            radius="md"
            p="sm"
            data-testid="bidder-group"
          >
            <Title order={4} size="h5">
              {name}{' '}
              <Text span size="sm" fw={400}>
                ({first.bidderLabel}, {group.length === 1 ? '1 bud' : `${group.length} bud`})
              </Text>
            </Title>
            <Stack gap="xs" mt="xs">
              {state ? <BidderStateLine bidder={state} /> : null}
              <BidderDetails user={first.user} verification={first} />
              <CoBidderDetails bid={latest} />
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {placeCounterOffers(group, offersFor(group, counterOffers)).map((entry) => {
                  if (entry.kind === 'counter-offer') {
                    return (
                      <CounterOfferRow
                        key={entry.offer.id}
                        roundId={roundId}
                        offer={entry.offer}
                        now={now}
                        canWithdraw={canWithdraw}
                        hideRecipient
                      />
                    );
                  }
                  const { bid } = entry;
                  return (
                    <BidRow
                      key={bid.id}
                      roundId={roundId}
                      bid={bid}
                      now={now}
                      roundOpen={roundOpen}
                      hideBidder
                      canOpenProof
                      canSelectWinner={selectable.has(bid.id)}
                      canReject={rejectable?.has(bid.id) ?? false}
                      highlighted={bid.id === flashBidId && bid.isHighestBid}
                      onSelectWinner={onSelectWinner}
                      onReject={onReject}
                      canCounter={counterable?.has(bid.id) ?? false}
                      onCounter={onCounter}
                    />
                  );
                })}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
