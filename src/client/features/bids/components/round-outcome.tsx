import { Button, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../../shared/format/money';
import type { BidView } from '../../../../shared/schemas/bid';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { STATUS_COLORS } from '../../../app/theme';

/** How a decided round ended, in the words its page uses; null while it is not decided. */
export function roundOutcomeText(round: BidRoundView, winningBid: BidView | null): string | null {
  if (!round.isClosed || !round.winningBidId) return null;
  const how =
    round.closeReason === 'counter-offer'
      ? 'Solgt etter akseptert motbud'
      : 'Solgt: selgeren valgte en vinner';
  const amount = winningBid ? ` for ${formatMoney(winningBid.amount)}` : '';
  const who = winningBid?.isOwnBid ? ' Du vant budrunden.' : '';
  return `Budrunden er avgjort. ${how}${amount}.${who}`;
}

/**
 * The decided round's outcome above its bids, for the owner and every bidder alike; the parties (and admins)
 * also get the acceptance letter (decision 066).
 */
export function RoundOutcome({
  round,
  bids,
  isAdmin = false,
}: {
  round: BidRoundView;
  bids: readonly BidView[] | undefined;
  isAdmin?: boolean;
}) {
  const winningBid = bids?.find((bid) => bid.id === round.winningBidId || bid.isWinner) ?? null;
  const text = roundOutcomeText(round, winningBid);
  if (!text) return null;
  const readsLetter = round.isOwner || isAdmin || Boolean(winningBid?.isOwnBid);
  return (
    <Stack gap="xs" align="flex-start">
      <Paper withBorder radius="md" p="sm" bg="green.0" role="status" data-testid="round-outcome" w="100%">
        <Text fw={600}>{text}</Text>
      </Paper>
      {readsLetter ? (
        <Button
          component="a"
          href={`/api/bid-rounds/${encodeURIComponent(round.id)}/acceptance-letter.pdf`}
          download
          size="xs"
          variant="outline"
          color={STATUS_COLORS.active}
        >
          Last ned akseptbrevet (PDF)
        </Button>
      ) : null}
    </Stack>
  );
}
