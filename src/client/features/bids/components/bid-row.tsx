import { Anchor, Badge, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import { capacityLabel, formatOrgNumber } from '../../../../shared/rules/buyers';
import type { BidView, OwnerBidView } from '../../../../shared/schemas/bid';
import { STATUS_COLORS } from '../../../app/theme';
import flash from '../../live/bid-flash.module.css';
import { isBidExpired, isBidLive } from './bid-expiry';
import { BidderDetails } from './bidder-details';
import { CoBidderDetails } from './co-bidder-details';
import { ConditionsList } from './conditions-list';

interface BidRowProps {
  bid: BidView | OwnerBidView;
  /** The bid's round: with it, the bid's own bidder may waive a condition while the bid binds. */
  roundId?: string;
  /** The round's winning bid, which binds after the round has ended, too. */
  roundWinner?: string | null;
  /** When the bid is judged: now while the round is open, else when bidding ended. */
  now: Date;
  /** Time left on the acceptance deadline only means something while the round is open. */
  roundOpen?: boolean;
  /** Show 'Velg som vinner': owner or admin, round open, and this is the bidder's latest live bid. */
  canSelectWinner: boolean;
  /** Show 'Avslå': owner or admin, round open, and the bid is live. */
  canReject?: boolean;
  /** The owner, an admin, or the bid's own bidder: the financing proof can be downloaded. */
  canOpenProof: boolean;
  /** Leave out who bid: the owner's grouped view shows it once above the bidder's bids. */
  hideBidder?: boolean;
  /** It just came in over the live stream as the new highest bid: it glows for a moment. */
  highlighted?: boolean;
  onSelectWinner: (bid: BidView | OwnerBidView) => void;
  onReject?: (bid: BidView | OwnerBidView) => void;
  /** Show 'Gi motbud': the round's owner, round open, and the bid is live. */
  canCounter?: boolean;
  onCounter?: (bid: BidView | OwnerBidView) => void;
}

/** 'Ola Nordmann og Kari Nordmann': a group's bid names every member the owner may see. */
const bidderNames = (name: string, bidders: string[]) =>
  bidders.length > 1 ? [name, ...bidders.slice(1)].join(' og ') : name;

/** `block`: the value is a list, which may not sit inside a paragraph (the page would not hydrate). */
function Field({ label, children, block = false }: { label: string; children: ReactNode; block?: boolean }) {
  return (
    <Text size="sm" component={block ? 'div' : 'p'}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** One bid in 'Innkomne bud'. In the owner's detailed view it also says who bid. */
export function BidRow({
  bid,
  roundId,
  roundWinner = null,
  now,
  roundOpen = true,
  canSelectWinner,
  canReject = false,
  canOpenProof,
  hideBidder = false,
  highlighted = false,
  onSelectWinner,
  onReject,
  canCounter = false,
  onCounter,
}: BidRowProps) {
  // A rejected bid says 'Avslått', not also 'Utløpt': the seller's answer is what ended it.
  const rejected = bid.isRejected;
  const expired = !rejected && isBidExpired(bid, now);
  const user = 'user' in bid && !hideBidder ? bid.user : null;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="bid-row"
      className={highlighted ? flash.flash : undefined}
      data-new-bid={highlighted || undefined}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {formatMoney(bid.amount)}
          </Text>
          {hideBidder ? null : (
            <Text size="sm">
              {name ? `${bidderNames(name, bid.bidders)} (${bid.bidderLabel})` : bid.bidderLabel}
            </Text>
          )}
        </Stack>
        <Group gap={4}>
          {bid.isHighestBid && isBidLive(bid, now) ? (
            <Badge variant="filled" color="blue.8">
              Høyeste bud
            </Badge>
          ) : null}
          {bid.isOwnBid ? (
            <Badge variant="filled" color="gray.7">
              Ditt bud
            </Badge>
          ) : null}
          {bid.isWinner ? (
            <Badge variant="filled" color={STATUS_COLORS.active}>
              Vinner
            </Badge>
          ) : null}
          {expired ? (
            <Badge variant="filled" color="red.9">
              Utløpt
            </Badge>
          ) : null}
          {rejected ? (
            <Badge variant="filled" color="red.9">
              Avslått
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Stack gap={2} mt="xs">
        <Field label="Forbehold" block={Boolean(roundId && bid.conditionItems?.length)}>
          {roundId ? (
            <ConditionsList
              roundId={roundId}
              bid={bid}
              canWaive={bid.isOwnBid && ((roundOpen && isBidLive(bid, now)) || roundWinner === bid.id)}
            />
          ) : (
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bid.conditions || 'Ingen'}
            </Text>
          )}
        </Field>
        <Field label="Akseptfrist">
          {bid.bidDeadline
            ? `${formatLongDate(bid.bidDeadline)}${expired || rejected || !roundOpen ? '' : ` (${formatTimeLeft(bid.bidDeadline, now)})`}`
            : 'Ikke oppgitt'}
        </Field>
        <Field label="Mottatt">{formatLongDate(bid.createdAt)}</Field>
        {/* Decision 039: the owner (and the bidder, of their own bid) sees whether it was signed. */}
        {'financing' in bid || bid.isOwnBid ? (
          <Field label="Signatur">{bid.isSigned ? 'Signert med passnøkkel' : 'Ikke signert'}</Field>
        ) : null}
        {/* Only the bid's own bidder, the owner and admins get the seller's words; others see 'Avslått'. */}
        {rejected && bid.rejectionMessage ? (
          <Field label="Melding fra selgeren">
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bid.rejectionMessage}
            </Text>
          </Field>
        ) : null}
        {/* Only the owner's and admins' view carries the plan; other bidders' views have no such field. */}
        {'financing' in bid ? (
          <>
            <Field label="Finansiering">
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {financingText(bid.financing)}
              </Text>
            </Field>
            <Field label="Overtakelse">{takeoverText(bid.takeoverDate)}</Field>
          </>
        ) : null}
        {/* Who buys (decision 065): for the bid's own bidders, the owner and admins; others get null. */}
        {bid.buyerCapacity ? <Field label="Byr som">{capacityLabel(bid.buyerCapacity)}</Field> : null}
        {bid.company ? (
          <Field label="Selskap">
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`${bid.company.name}, org.nr. ${formatOrgNumber(bid.company.orgNumber)} (${bid.company.signerRole})`}
            </Text>
          </Field>
        ) : null}
        {bid.bidders.length > 1 && (bid.isOwnBid || !user) ? (
          <Field label="Budgivere">{bid.bidders.join(' og ')}</Field>
        ) : null}
        {bid.hasFinancingProof ? (
          <Field label="Finansieringsbevis">
            {canOpenProof ? (
              <Anchor size="sm" href={`/api/bids/${bid.id}/financing-proof`} download>
                Vedlagt (last ned)
              </Anchor>
            ) : (
              'Vedlagt'
            )}
          </Field>
        ) : null}
      </Stack>
      {user ? (
        <>
          <Divider my="xs" />
          <BidderDetails user={user} verification={'bidderIdentityVerified' in bid ? bid : undefined} />
          {'coBidders' in bid ? <CoBidderDetails bid={bid} /> : null}
        </>
      ) : null}
      {canSelectWinner || (canReject && onReject) || (canCounter && onCounter) ? (
        <Group gap="xs" mt="sm">
          {canSelectWinner ? (
            <Button size="xs" variant="outline" onClick={() => onSelectWinner(bid)}>
              Velg som vinner
            </Button>
          ) : null}
          {canCounter && onCounter ? (
            <Button size="xs" variant="outline" color="grape.9" onClick={() => onCounter(bid)}>
              Gi motbud
            </Button>
          ) : null}
          {canReject && onReject ? (
            <Button size="xs" variant="outline" color="red.9" onClick={() => onReject(bid)}>
              Avslå
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}
