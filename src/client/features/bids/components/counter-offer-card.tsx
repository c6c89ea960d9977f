import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import { STATUS_COLORS } from '../../../app/theme';
import { type CounterOfferAnswer, CounterOfferAnswerDialog } from './counter-offer-answer-dialog';

interface CounterOfferCardProps {
  roundId: string;
  /** An open counter-offer to the reader. */
  offer: CounterOfferView;
  /** The panel's clock. */
  now: Date;
}

/**
 * The seller's open counter-offer to this bidder, at the top of their round page (decision 035): what
 * it is, how long it stands, and 'Aksepter motbud' / 'Avslå motbud', each confirmed in a dialog.
 */
export function CounterOfferCard({ roundId, offer, now }: CounterOfferCardProps) {
  const [answer, setAnswer] = useState<CounterOfferAnswer | null>(null);
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="md"
      bg="grape.0"
      data-testid="counter-offer-card"
      style={{ borderColor: 'var(--mantine-color-grape-8)', borderWidth: 2 }}
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          Du har fått et motbud fra selgeren
        </Title>
        <div>
          <Text fw={700} fz={28} lh={1.2}>
            {formatMoney(offer.amount)}
          </Text>
          <Text size="sm" fs="italic">
            {formatAmountInWords(offer.amount)}
          </Text>
        </div>
        <Text size="sm">{`Svar på budet ditt på ${formatMoney(offer.bidAmount)}.`}</Text>
        <Text size="sm">
          <Text span fw={600}>
            Frist:
          </Text>{' '}
          {formatLongDate(offer.deadline)}{' '}
          <Text span fw={700} data-testid="counter-offer-time-left">
            ({formatTimeLeft(offer.deadline, now)})
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Forbehold:
          </Text>{' '}
          {offer.conditions || 'Ingen'}
        </Text>
        <Text size="sm">
          Aksepterer du før fristen, er handelen bindende for deg og selgeren, og budrunden avgjøres. Svarer
          du ikke, faller motbudet bort, og budet ditt står som før.
        </Text>
        <Group gap="sm" mt={4}>
          <Button color={STATUS_COLORS.active} onClick={() => setAnswer('accept')}>
            Aksepter motbud
          </Button>
          <Button variant="outline" color="red.9" onClick={() => setAnswer('decline')}>
            Avslå motbud
          </Button>
        </Group>
      </Stack>
      <CounterOfferAnswerDialog
        roundId={roundId}
        offer={offer}
        answer={answer}
        onClose={() => setAnswer(null)}
      />
    </Paper>
  );
}
