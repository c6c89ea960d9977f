import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { STATUS_COLORS } from '../../../app/theme';
import { Modal } from '../../../components/modal';
import { useActSigning } from '../api/use-act-signing';
import { useAcceptCounterOffer, useDeclineCounterOffer } from '../api/use-counter-offers';
import { signOrCancel } from '../api/use-signing-step';
import { SigningNotice } from './signing-notice';

const SIGN_LABEL = 'Signer og aksepter motbudet';

export type CounterOfferAnswer = 'accept' | 'decline';

interface CounterOfferAnswerDialogProps {
  roundId: string;
  offer: CounterOfferView;
  /** Which answer is being confirmed; the dialog is open while it is set. */
  answer: CounterOfferAnswer | null;
  onClose: () => void;
}

/**
 * The bidder's confirmation of their answer to a counter-offer: accepting is binding for both parties and
 * decides the round, so it shows the amount in digits and in words first (decision 035).
 */
export function CounterOfferAnswerDialog({ roundId, offer, answer, onClose }: CounterOfferAnswerDialogProps) {
  const accept = useAcceptCounterOffer(roundId);
  const decline = useDeclineCounterOffer(roundId);
  const [signingNow, setSigningNow] = useState(false);
  const pending = accept.isPending || decline.isPending || signingNow;
  const amount = formatMoney(offer.amount);
  const accepting = answer === 'accept';
  // A bidder with a passkey signs the acceptance (decision 041); declining binds no one and is not signed.
  const signing = useActSigning(accepting ? { act: 'accept-counter-offer', counterOfferId: offer.id } : null);

  // The toasts are the mutations' own (use-counter-offers.ts).
  const confirm = async () => {
    if (answer === 'decline') decline.mutate(offer.id, { onSettled: onClose });
    if (answer !== 'accept') return;
    let signature: SignatureProof | undefined;
    if (signing.state === 'ready') {
      setSigningNow(true);
      const proof = await signOrCancel(signing.options, 'Aksepten');
      setSigningNow(false);
      if (!proof) return;
      signature = proof;
    }
    accept.mutate({ id: offer.id, signature }, { onSettled: onClose });
  };

  return (
    <Modal
      opened={answer !== null}
      onClose={pending ? () => {} : onClose}
      title={accepting ? 'Aksepter motbud' : 'Avslå motbud'}
      centered
    >
      <Stack gap="sm">
        <Text>
          {accepting ? 'Du aksepterer selgerens motbud på' : 'Du avslår selgerens motbud på'}{' '}
          <Text span fw={700}>
            {amount}
          </Text>
          .
        </Text>
        {accepting ? (
          <>
            <Text size="sm" fs="italic">
              {formatAmountInWords(offer.amount)}
            </Text>
            <Text fw={700}>Dette er bindende.</Text>
            <List size="sm" spacing={4}>
              <List.Item>{`Du forplikter deg til å kjøpe eiendommen for ${amount}.`}</List.Item>
              {offer.conditions ? (
                <List.Item>{`Med selgerens forbehold: ${offer.conditions}`}</List.Item>
              ) : null}
              <List.Item>Budrunden lukkes, og du er vinneren. Alle deltakere får beskjed.</List.Item>
            </List>
          </>
        ) : (
          <List size="sm" spacing={4}>
            <List.Item>Avslaget kan ikke angres, og motbudet kan ikke aksepteres senere.</List.Item>
            <List.Item>Budet ditt står som før, med sin akseptfrist.</List.Item>
            <List.Item>{`Selgeren får beskjed. Motbudet gjaldt til ${formatLongDate(offer.deadline)}.`}</List.Item>
          </List>
        )}
        {accepting ? (
          <SigningNotice
            signing={signing}
            confirmLabel={SIGN_LABEL}
            mustSign="Aksepten av motbudet må signeres med passnøkkel."
          />
        ) : null}
        <Group justify="flex-end" mt="xs">
          {/* Focus starts on 'Avbryt' so a stray Enter never binds anyone. */}
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Avbryt
          </Button>
          <Button
            color={accepting ? STATUS_COLORS.active : 'red.9'}
            onClick={() => void confirm()}
            loading={pending}
            disabled={
              accepting &&
              (signing.state === 'loading' || signing.state === 'needs-passkey' || signing.state === 'failed')
            }
          >
            {accepting ? (signing.state === 'ready' ? SIGN_LABEL : 'Aksepter motbudet') : 'Avslå motbudet'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
