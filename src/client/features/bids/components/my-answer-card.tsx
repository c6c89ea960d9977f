import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { clockTime } from '../../../../shared/rules/fair-notice';
import type { BidView } from '../../../../shared/schemas/bid';
import type { BidderAnswer } from '../../../../shared/schemas/responses/fair-notice';
import { useMyAnswer } from '../api/use-fair-notice';
import { isBidLive } from './bid-expiry';

const ANSWERED: Record<BidderAnswer, string> = {
  done: 'Du har svart at du ikke byr mer',
  considering: 'Du har svart at du vurderer å by',
};

/**
 * 'Byr du mer?' (decision 066): a bidder with a live bid who no longer leads answers with one tap, as they
 * would answer the broker's phone call. The seller sees the answer at once; a new higher bid asks again.
 */
export function MyAnswerCard({ roundId, bids, now }: { roundId: string; bids: BidView[]; now: Date }) {
  const live = bids.filter((b) => isBidLive(b, now));
  const highest = live.find((b) => b.isHighestBid);
  const mine = live.some((b) => b.isOwnBid);
  const answer = useMyAnswer(roundId);
  // The answer holds for the highest bid it was given to; a new one asks again.
  const [given, setGiven] = useState<{ highestId: string; answer: BidderAnswer; at: string } | null>(null);
  if (!mine || !highest || highest.isOwnBid) return null;
  const current = given?.highestId === highest.id ? given : null;
  const send = (value: BidderAnswer) =>
    answer.mutate(value, {
      onSuccess: (result) =>
        setGiven({ highestId: highest.id, answer: result.answer, at: result.answeredAt }),
    });
  return (
    <Paper withBorder radius="md" p="sm" bg="yellow.0" data-testid="my-answer">
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          Det er kommet et høyere bud. Byr du mer?
        </Text>
        <Text size="sm">
          Svaret ditt går til selgeren med en gang. Du kan fortsatt by, uansett hva du svarer.
        </Text>
        {current ? (
          <Text size="sm" role="status">{`${ANSWERED[current.answer]} (${clockTime(current.at)}).`}</Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="sm"
            variant={current?.answer === 'done' ? 'filled' : 'outline'}
            color="gray.8"
            onClick={() => send('done')}
            loading={answer.isPending && answer.variables === 'done'}
          >
            Jeg byr ikke mer
          </Button>
          <Button
            size="sm"
            variant={current?.answer === 'considering' ? 'filled' : 'outline'}
            onClick={() => send('considering')}
            loading={answer.isPending && answer.variables === 'considering'}
          >
            Jeg vurderer å by
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
