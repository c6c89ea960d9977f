import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney, parseAmountInput } from '../../../../shared/format/money';
import { MAX_CONDITIONS_LENGTH } from '../../../../shared/rules/bids';
import {
  counterOfferAmountProblem,
  counterOfferDeadlineProblem,
} from '../../../../shared/rules/counter-offers';
import type { BidView } from '../../../../shared/schemas/bid';
import type { CounterOfferView } from '../../../../shared/schemas/counter-offer';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { Form, SubmitButton } from '../../../components/form';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useCreateCounterOffer } from '../api/use-counter-offers';
import { signOrCancel, useSigningStep } from '../api/use-signing-step';
import { type DeadlineParts, dateFromParts } from './acceptance-deadline';
import { AcceptanceDeadlineInput } from './acceptance-deadline-input';
import { AmountInput } from './amount-input';
import {
  counterOfferFieldErrors,
  defaultCounterOfferDeadline,
  earliestCounterOfferDeadline,
} from './counter-offer-deadline';
import { SigningNotice } from './signing-notice';

const SIGN_LABEL = 'Signer og send motbud';

interface CounterOfferDialogProps {
  roundId: string;
  roundDeadline: string;
  /** The bid it answers; the dialog is open while it is set. */
  bid: BidView | null;
  /** Who bid, as the owner's view names them; the pseudonym until it has come. */
  bidderName: string | null;
  /** The seller's open counter-offer to the same bidder, which a new one withdraws. */
  openOffer: CounterOfferView | null;
  now: Date;
  onClose: () => void;
}

type Problems = Partial<Record<'amount' | 'deadline' | 'conditions', string | null>>;

/** 'Gi motbud': the seller's written counter-offer to one bidder (decision 035). */
export function CounterOfferDialog(props: CounterOfferDialogProps) {
  const { roundId, roundDeadline, bid, bidderName, openOffer, now, onClose } = props;
  const create = useCreateCounterOffer(roundId);
  const [amountText, setAmountText] = useState('');
  const [conditions, setConditions] = useState('');
  const [deadline, setDeadline] = useState<DeadlineParts>(() =>
    defaultCounterOfferDeadline(new Date(), new Date(roundDeadline)),
  );
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  // An owner with a passkey signs the offer (decision 041): the first click asks for the words of exactly
  // these terms, the second signs them; any change starts over.
  const sign = useSigningStep();
  const [signingNow, setSigningNow] = useState(false);
  const { reset } = sign;
  const busy = create.isPending || sign.asking || signingNow;
  // Each bid starts a fresh form.
  useEffect(() => {
    if (!bid) return;
    reset();
    setAmountText('');
    setConditions('');
    setDeadline(defaultCounterOfferDeadline(new Date(), new Date(roundDeadline)));
    setShowProblems(false);
    setServerProblems({});
  }, [bid, roundDeadline, reset]);

  const amount = parseAmountInput(amountText);
  const chosen = dateFromParts(deadline);
  const problemsAt = (at: Date): Problems => ({
    amount:
      amount === null || amount <= 0
        ? 'Beløp må være større enn 0'
        : bid
          ? counterOfferAmountProblem(amount, bid.amount)
          : null,
    deadline: chosen
      ? counterOfferDeadlineProblem(chosen, at, new Date(roundDeadline))
      : 'Fristen for motbudet må velges',
    conditions:
      conditions.trim().length > MAX_CONDITIONS_LENGTH
        ? `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`
        : null,
  });
  const shown: Problems = showProblems ? { ...problemsAt(now), ...serverProblems } : serverProblems;
  const name = bidderName ?? bid?.bidderLabel ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!bid) return;
    setShowProblems(true);
    setServerProblems({});
    const current = problemsAt(new Date());
    if (amount === null || !chosen || Object.values(current).some(Boolean)) return;
    const terms = {
      bidId: bid.id,
      amount,
      deadline: chosen.toISOString(),
      conditions: conditions.trim() || null,
    };
    const step =
      sign.step ?? (await sign.prepare({ act: 'counter-offer', bidRoundId: roundId, counterOffer: terms }));
    if (!step || step.state === 'needs-passkey' || step.state === 'loading') return;
    let signature: SignatureProof | undefined;
    if (step.state === 'ready') {
      // Shown first; signed at the next click.
      if (!sign.step) return;
      setSigningNow(true);
      const proof = await signOrCancel(step.options, 'Motbudet');
      setSigningNow(false);
      if (!proof) return;
      signature = proof;
    }
    create.mutate(
      { ...terms, signature },
      {
        onSuccess: () => {
          showToast({
            title: 'Motbud sendt',
            message: `${name} har fått motbudet på ${formatMoney(amount)} på e-post.`,
          });
          onClose();
        },
        onError: (error) => {
          // A used challenge is good for nothing more: the next click asks for new words.
          sign.reset();
          const fields = counterOfferFieldErrors(error instanceof ApiError ? error.errors : undefined);
          if (Object.keys(fields).length > 0) {
            setServerProblems(fields);
            return;
          }
          showToast({
            title: 'Kunne ikke sende motbudet',
            message: error.message || 'Prøv igjen',
            variant: 'destructive',
          });
          // The bid no longer binds, or the round ended: nothing in the form can mend that.
          if (error instanceof ApiError && error.status !== 400) onClose();
        },
      },
    );
  };

  const words = amount !== null && amount > 0 ? formatAmountInWords(amount) : '';
  return (
    <Modal
      opened={bid !== null}
      onClose={busy ? () => {} : onClose}
      title={`Gi motbud til ${name}`}
      size="lg"
      centered
    >
      {bid ? (
        <Form onSubmit={(event) => void submit(event)}>
          <Stack gap="sm">
            <Text>
              Svar på budet på{' '}
              <Text span fw={700}>
                {formatMoney(bid.amount)}
              </Text>{' '}
              fra {name}
              {bid.bidDeadline ? `, som gjelder til ${formatLongDate(bid.bidDeadline)}` : ''}.
            </Text>
            <Paper withBorder radius="md" p="sm" bg="gray.0">
              <Text size="sm">
                Motbudet er bindende for deg: aksepterer budgiveren det før fristen, er eiendommen solgt for
                dette beløpet, og budrunden lukkes. Budgiveren får motbudet på e-post (og SMS hvis varsling på
                SMS er på).
              </Text>
              {openOffer ? (
                <Text size="sm" mt={4}>
                  {`Det åpne motbudet ditt til ${name} på ${formatMoney(openOffer.amount)} trekkes når du sender dette.`}
                </Text>
              ) : null}
            </Paper>
            <div>
              <AmountInput
                label="Beløp"
                placeholder="F.eks. 5 400 000"
                description={`Må være høyere enn budet på ${formatMoney(bid.amount)}`}
                value={amountText}
                onChange={(text) => {
                  setAmountText(text);
                  sign.reset();
                  setServerProblems(({ amount: _, ...rest }) => rest);
                }}
                error={shown.amount}
                data-autofocus
              />
              {words ? (
                <Text size="sm" fs="italic" mt={4}>
                  {words}
                </Text>
              ) : null}
            </div>
            <AcceptanceDeadlineInput
              label="Frist for motbudet"
              note={`Fristen må være minst 30 minutter frem i tid og ikke etter budfristen ${formatLongDate(roundDeadline)}.`}
              value={deadline}
              onChange={(parts) => {
                setDeadline(parts);
                sign.reset();
                setServerProblems(({ deadline: _, ...rest }) => rest);
              }}
              earliest={earliestCounterOfferDeadline(now)}
              error={shown.deadline}
              chosenText={(at) => `Motbudet gjelder til ${formatLongDate(at)} (norsk tid).`}
            />
            <GrowingTextarea
              label="Forbehold (valgfritt)"
              placeholder="F.eks. overtakelse etter avtale"
              value={conditions}
              onChange={(event) => {
                setConditions(event.currentTarget.value);
                sign.reset();
              }}
              maxLength={MAX_CONDITIONS_LENGTH}
              minRows={2}
              maxRows={6}
              error={shown.conditions}
            />
            {sign.step ? (
              <SigningNotice
                signing={sign.step}
                confirmLabel={SIGN_LABEL}
                mustSign="Motbudet må signeres med passnøkkel."
              />
            ) : null}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Avbryt
              </Button>
              <SubmitButton loading={busy} disabled={sign.step?.state === 'needs-passkey'}>
                {sign.step?.state === 'ready' ? SIGN_LABEL : 'Send motbud'}
              </SubmitButton>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </Modal>
  );
}
