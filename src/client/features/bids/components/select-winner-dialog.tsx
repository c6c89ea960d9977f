import { Button, Group, List, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../../shared/format/money';
import type { BidView } from '../../../../shared/schemas/bid';
import { STATUS_COLORS } from '../../../app/theme';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useSelectWinner } from '../api/use-bid-actions';

interface SelectWinnerDialogProps {
  roundId: string;
  /** The bid to accept; the dialog is open while it is set. */
  bid: BidView | null;
  /** Who bid, as the owner's view names them; the pseudonym otherwise. */
  bidderName: string | null;
  onClose: () => void;
}

/** 'Velg vinner av budrunden': accepting a bid is binding, closes the round and tells everyone. */
export function SelectWinnerDialog({ roundId, bid, bidderName, onClose }: SelectWinnerDialogProps) {
  const select = useSelectWinner(roundId);
  const confirm = () => {
    if (!bid) return;
    select.mutate(bid.id, {
      onSuccess: (result) => {
        const winner = result.winner;
        const summary = winner ? `${winner.bidderName} vant med ${formatMoney(winner.amount)}. ` : '';
        showToast({ title: 'Vinner valgt!', message: `${summary}Alle deltakere har fått e-post.` });
        onClose();
      },
      onError: (error) => {
        showToast({
          title: 'Feil ved valg av vinner',
          message: error.message || 'Kunne ikke velge vinner',
          variant: 'destructive',
        });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={bid !== null}
      onClose={select.isPending ? () => {} : onClose}
      title="Velg vinner av budrunden"
      centered
    >
      {bid ? (
        <Stack gap="sm">
          <Text>
            Du velger budet på{' '}
            <Text span fw={700}>
              {formatMoney(bid.amount)}
            </Text>{' '}
            fra {bidderName ?? bid.bidderLabel} som vinner.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Valget er bindende og kan ikke angres.</List.Item>
            <List.Item>Budrunden lukkes, og ingen flere bud kan legges inn.</List.Item>
            <List.Item>Alle deltakere får e-post om resultatet, og budjournalen blir tilgjengelig.</List.Item>
          </List>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={select.isPending} data-autofocus>
              Avbryt
            </Button>
            <Button color={STATUS_COLORS.active} onClick={confirm} loading={select.isPending}>
              Bekreft vinner
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
