import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/format/money';
import { MAX_REJECTION_MESSAGE_LENGTH } from '../../../../shared/rules/bids';
import type { BidView } from '../../../../shared/schemas/bid';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useRejectBid } from '../api/use-bid-actions';

interface RejectBidDialogProps {
  roundId: string;
  /** The bid to reject; the dialog is open while it is set. */
  bid: BidView | null;
  /** Who bid, as the owner's view names them; the pseudonym otherwise. */
  bidderName: string | null;
  onClose: () => void;
}

/** 'Avslå bud': the seller's written rejection (avslag), with an optional message to the bidder. */
export function RejectBidDialog({ roundId, bid, bidderName, onClose }: RejectBidDialogProps) {
  const reject = useRejectBid(roundId);
  const [message, setMessage] = useState('');
  // A new bid to reject starts with an empty message.
  useEffect(() => {
    if (bid) setMessage('');
  }, [bid]);
  const tooLong = message.length > MAX_REJECTION_MESSAGE_LENGTH;

  const confirm = () => {
    if (!bid || tooLong) return;
    reject.mutate(
      { bidId: bid.id, message: message.trim() },
      {
        onSuccess: (result) => {
          showToast({ title: result.message, message: 'Budgiveren har fått beskjed på e-post.' });
          onClose();
        },
        onError: (error) => {
          showToast({
            title: 'Kunne ikke avslå budet',
            message: error.message || 'Prøv igjen',
            variant: 'destructive',
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={bid !== null} onClose={reject.isPending ? () => {} : onClose} title="Avslå bud" centered>
      {bid ? (
        <Stack gap="sm">
          <Text>
            Du avslår budet på{' '}
            <Text span fw={700}>
              {formatMoney(bid.amount)}
            </Text>{' '}
            fra {bidderName ?? bid.bidderLabel}.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Avslaget er skriftlig og kan ikke angres.</List.Item>
            <List.Item>Budet binder ikke lenger budgiveren og kan ikke velges som vinner.</List.Item>
            <List.Item>Budgiveren får beskjed på e-post (og SMS hvis varsling på SMS er på).</List.Item>
          </List>
          <Textarea
            label="Melding til budgiveren (valgfritt)"
            description="Budgiveren og du ser meldingen; de andre budgiverne ser bare at budet er avslått."
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={8}
            error={tooLong ? `Meldingen kan ha høyst ${MAX_REJECTION_MESSAGE_LENGTH} tegn` : undefined}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {message.length} av {MAX_REJECTION_MESSAGE_LENGTH} tegn
          </Text>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={reject.isPending} data-autofocus>
              Avbryt
            </Button>
            <Button color="red.9" onClick={confirm} loading={reject.isPending} disabled={tooLong}>
              Avslå budet
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
