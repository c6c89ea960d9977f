import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/format/money';
import { MAX_REJECTION_MESSAGE_LENGTH } from '../../../../shared/rules/bids';
import type { BidView } from '../../../../shared/schemas/bid';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useRejectBid } from '../api/use-bid-actions';
import { signOrCancel, useSigningStep } from '../api/use-signing-step';
import { SigningNotice } from './signing-notice';

const SIGN_LABEL = 'Signer og avslå budet';

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
  // An owner with a passkey signs the rejection and its message (decision 041): the first click asks for
  // the words, the second signs them.
  const sign = useSigningStep();
  const [signingNow, setSigningNow] = useState(false);
  const { reset } = sign;
  // A new bid to reject starts with an empty message.
  useEffect(() => {
    if (!bid) return;
    setMessage('');
    reset();
  }, [bid, reset]);
  const tooLong = message.length > MAX_REJECTION_MESSAGE_LENGTH;
  const busy = reject.isPending || sign.asking || signingNow;

  const confirm = async () => {
    if (!bid || tooLong) return;
    const words = message.trim();
    const step =
      sign.step ??
      (await sign.prepare({
        act: 'reject',
        bidRoundId: roundId,
        bidId: bid.id,
        rejection: { message: words },
      }));
    if (!step || step.state === 'needs-passkey' || step.state === 'loading') return;
    let signature: SignatureProof | undefined;
    if (step.state === 'ready') {
      // Shown first; signed at the next click.
      if (!sign.step) return;
      setSigningNow(true);
      const proof = await signOrCancel(step.options, 'Avslaget');
      setSigningNow(false);
      if (!proof) return;
      signature = proof;
    }
    reject.mutate(
      { bidId: bid.id, message: words, signature },
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
    <Modal opened={bid !== null} onClose={busy ? () => {} : onClose} title="Avslå bud" centered>
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
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              sign.reset();
            }}
            autosize
            minRows={3}
            maxRows={8}
            error={tooLong ? `Meldingen kan ha høyst ${MAX_REJECTION_MESSAGE_LENGTH} tegn` : undefined}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {message.length} av {MAX_REJECTION_MESSAGE_LENGTH} tegn
          </Text>
          {sign.step ? (
            <SigningNotice
              signing={sign.step}
              confirmLabel={SIGN_LABEL}
              mustSign="Avslaget må signeres med passnøkkel."
            />
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Avbryt
            </Button>
            <Button
              color="red.9"
              onClick={() => void confirm()}
              loading={busy}
              disabled={tooLong || sign.step?.state === 'needs-passkey'}
            >
              {sign.step?.state === 'ready' ? SIGN_LABEL : 'Avslå budet'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
