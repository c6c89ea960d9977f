import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import { COUNTER_OFFER_STATUS_TEXT, type CounterOfferStatus } from '../../../../shared/rules/counter-offers';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import { STATUS_COLORS } from '../../../app/theme';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useWithdrawCounterOffer } from '../api/use-counter-offers';

const STATUS_COLOR: Record<CounterOfferStatus, string> = {
  open: 'blue.8',
  accepted: STATUS_COLORS.active,
  declined: 'red.9',
  withdrawn: 'gray.7',
  lapsed: 'red.9',
};

interface CounterOfferRowProps {
  roundId: string;
  offer: CounterOfferView;
  now: Date;
  /** The round's owner while it is open: an open counter-offer can be withdrawn ('Trekk motbud'). */
  canWithdraw: boolean;
  /** The owner's grouped view names the bidder once above; the row leaves out to whom. */
  hideRecipient?: boolean;
  /** The pseudonym on the answered bid ('Budgiver B'), so that the owner's name ties to the list's label. */
  bidderLabel?: string;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** A counter-offer (motbud) from the seller, as a line of 'Innkomne bud' among the bids. */
export function CounterOfferRow({
  roundId,
  offer,
  now,
  canWithdraw,
  hideRecipient = false,
  bidderLabel,
}: CounterOfferRowProps) {
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawCounterOffer(roundId);
  const open = offer.status === 'open' && Date.parse(offer.deadline) > now.getTime();
  const status: CounterOfferStatus = offer.status === 'open' && !open ? 'lapsed' : offer.status;
  const label = bidderLabel && bidderLabel !== offer.recipientLabel ? ` (${bidderLabel})` : '';
  const to = offer.isToMe ? 'deg' : `${offer.recipientLabel}${label}`;
  // Its own bidder and the seller see the conditions; other bidders get null and see nothing of them.
  const seesConditions = offer.isToMe || canWithdraw || offer.conditions !== null;

  const confirmWithdraw = () =>
    withdraw.mutate(offer.id, {
      onSuccess: (result) => {
        showToast({
          title: result.message || 'Motbudet er trukket',
          message: 'Budgiveren har fått beskjed.',
        });
        setConfirming(false);
      },
      onError: (error) => {
        showToast({
          title: 'Kunne ikke trekke motbudet',
          message: error.message || 'Prøv igjen',
          variant: 'destructive',
        });
        setConfirming(false);
      },
    });

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      data-testid="counter-offer-row"
      style={{ borderLeft: '4px solid var(--mantine-color-grape-8)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={600} c="grape.9">
            Motbud fra selgeren
          </Text>
          <Text fw={700} size="lg">
            {formatMoney(offer.amount)}
          </Text>
          {hideRecipient ? null : <Text size="sm">Til {to}</Text>}
        </Stack>
        <Badge variant="filled" color={STATUS_COLOR[status]}>
          {COUNTER_OFFER_STATUS_TEXT[status]}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <Field label="Svar på bud">{formatMoney(offer.bidAmount)}</Field>
        <Field label="Frist">
          {`${formatLongDate(offer.deadline)}${open ? ` (${formatTimeLeft(offer.deadline, now)})` : ''}`}
        </Field>
        {seesConditions ? (
          <Field label="Forbehold">
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {offer.conditions || 'Ingen'}
            </Text>
          </Field>
        ) : null}
        <Field label="Sendt">{formatLongDate(offer.createdAt)}</Field>
      </Stack>
      {canWithdraw && open ? (
        <Group gap="xs" mt="sm">
          <Button size="xs" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
            Trekk motbud
          </Button>
        </Group>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          opened
          title="Trekk motbud"
          confirmLabel="Trekk motbudet"
          onConfirm={confirmWithdraw}
          onClose={() => setConfirming(false)}
          loading={withdraw.isPending}
        >
          <Text>
            {`Du trekker motbudet på ${formatMoney(offer.amount)} til ${offer.recipientLabel}. Det kan ikke lenger aksepteres, og budgiveren får beskjed.`}
          </Text>
        </ConfirmDialog>
      ) : null}
    </Paper>
  );
}
