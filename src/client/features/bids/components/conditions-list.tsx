import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../../shared/format/money';
import { conditionName, conditionStateText, conditionText } from '../../../../shared/rules/conditions';
import type { BidView } from '../../../../shared/schemas/bid';
import { STATUS_COLORS } from '../../../app/theme';
import { useWaiveCondition } from '../api/use-fair-notice';
import { CoBidderActDialog } from './co-bidder-act-dialog';

const STATE_COLOR = { active: 'blue.9', waived: STATUS_COLORS.active, lapsed: 'red.9' } as const;

/**
 * A bid's conditions (decision 066), each with where it stands; the bid's own bidder may waive one that is in
 * force while the bid binds, with a signed act.
 */
export function ConditionsList({
  roundId,
  bid,
  canWaive,
}: {
  roundId: string;
  bid: BidView;
  canWaive: boolean;
}) {
  const [waiving, setWaiving] = useState<number | null>(null);
  const waive = useWaiveCondition(roundId);
  const items = bid.conditionItems ?? [];
  if (items.length === 0)
    return (
      <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {bid.conditions || 'Ingen'}
      </Text>
    );
  const chosen = waiving === null ? null : items[waiving];
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a bid's conditions never move; the place is their id (the API's index)
        <li key={index} data-testid="condition">
          <Group gap="xs" wrap="wrap">
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {conditionText(item)}
            </Text>
            <Badge size="sm" variant="filled" color={STATE_COLOR[item.state]}>
              {conditionStateText(item)}
            </Badge>
            {canWaive && item.state === 'active' ? (
              <Button size="compact-xs" variant="outline" onClick={() => setWaiving(index)}>
                Frafall
              </Button>
            ) : null}
          </Group>
        </li>
      ))}
      {chosen && waiving !== null ? (
        <CoBidderActDialog
          opened
          title="Frafall forbeholdet"
          points={[
            `Du frafaller ${conditionName(chosen)} i budet på ${formatMoney(bid.amount)}.`,
            'Frafallet er bindende og kan ikke angres. Selgeren får beskjed med en gang.',
          ]}
          act={{ act: 'condition-waive', bidId: bid.id, index: waiving }}
          signLabel="Signer og frafall"
          plainLabel="Frafall forbeholdet"
          mustSign="Frafallet må signeres med passnøkkel."
          what="Frafallet"
          pending={waive.isPending}
          onConfirm={(signature) =>
            waive.mutate({ bidId: bid.id, index: waiving, signature }, { onSettled: () => setWaiving(null) })
          }
          onClose={() => setWaiving(null)}
        />
      ) : null}
    </Stack>
  );
}
