import { Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { formatMoney, parseAmountInput } from '../../../../shared/format/money';
import {
  amountProblem,
  bidDeadlineProblem,
  earliestBidDeadline,
  MAX_CONDITIONS_LENGTH,
  minimumNextBid,
} from '../../../../shared/rules/bids';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type { SignatureOptions } from '../../../../shared/schemas/signature';
import { Form, SubmitButton } from '../../../components/form';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useFirstRenderTime } from '../../../lib/hydration';
import { showToast } from '../../../lib/toast';
import { useShownOnce } from '../../../lib/use-shown-once';
import { PasskeysDialog } from '../../account/components/passkeys-dialog';
import { useCurrentUser } from '../../auth/use-current-user';
import { bidErrorMessage } from '../api/bid-error-message';
import { proofFileProblem } from '../api/upload-financing-proof';
import { usePlaceBid } from '../api/use-bid-actions';
import { signWithPasskey } from '../api/use-bid-signing';
import { ownGroupOf, useCoBidders } from '../api/use-co-bidders';
import { type DeadlineParts, dateFromParts, defaultDeadlineParts } from './acceptance-deadline';
import { AcceptanceDeadlineInput } from './acceptance-deadline-input';
import { acceptanceRuleText } from './acceptance-rule';
import { AmountInput } from './amount-input';
import { bidActOf } from './bid-act';
import { BidConfirmDialog, type BidDraft } from './bid-confirm-dialog';
import { BidPlanInputs, EMPTY_PLAN, type PlanDraft, readPlan } from './bid-plan-inputs';
import { type BuyerDraft, BuyerInputs, EMPTY_BUYER, readBuyer } from './buyer-inputs';
import { type ConditionDraft, ConditionInputs, EMPTY_CONDITIONS, readConditions } from './condition-inputs';
import { FinancingProofInput } from './financing-proof-input';
import { QuickRaises } from './quick-raises';

interface BidFormProps {
  round: BidRoundView;
  startingPrice: number;
  /** The highest live bid: lapsed bids and bids of deleted accounts do not count. */
  highestBid: number | null;
  /** The panel's clock, ticking every 5 s. */
  now: Date;
}

const parseDate = (iso: string | null) => (iso ? new Date(iso) : null);

/** 'Legg inn bud': amount, conditions and acceptance deadline, then the confirmation dialog, then the call. */
export function BidForm({ round, startingPrice, highestBid, now }: BidFormProps) {
  const minimumBidDeadline = parseDate(round.minimumBidDeadline);
  const [amountText, setAmountText] = useState('');
  const [conditions, setConditions] = useState('');
  const [typed, setTyped] = useState<ConditionDraft>(EMPTY_CONDITIONS);
  const [proof, setProof] = useState<File | null>(null);
  const [plan, setPlan] = useState<PlanDraft>(EMPTY_PLAN);
  const [buyer, setBuyer] = useState<BuyerDraft>(EMPTY_BUYER);
  const { user } = useCurrentUser();
  const defaultLender = user?.bankName ?? '';
  const profileCapacity = user?.buyerCapacity ?? 'forbruker';
  const group = ownGroupOf(useCoBidders(round.id).data);
  const coBidders = group.filter((m) => m.state === 'accepted' && !m.isYou).map((m) => m.name);
  const firstRenderTime = useFirstRenderTime();
  const [deadline, setDeadline] = useState<DeadlineParts>(() =>
    defaultDeadlineParts(firstRenderTime, parseDate(round.minimumBidDeadline)),
  );
  // The owner may add a viewing while the form is open, moving the shortest deadline live (decision 045):
  // a chosen deadline the new one rules out moves to the form's default, as on a freshly opened page.
  const [minimumSeen, setMinimumSeen] = useState(round.minimumBidDeadline);
  if (round.minimumBidDeadline !== minimumSeen) {
    setMinimumSeen(round.minimumBidDeadline);
    const chosen = dateFromParts(deadline);
    if (minimumBidDeadline && (!chosen || chosen < minimumBidDeadline)) {
      setDeadline(defaultDeadlineParts(now, minimumBidDeadline));
    }
  }
  const [showProblems, setShowProblems] = useState(false);
  const [draft, setDraft] = useState<BidDraft | null>(null);
  const confirmUsed = useShownOnce(draft !== null);
  const placeBid = usePlaceBid(round.id);
  const [passkeysOpen, setPasskeysOpen] = useState(false);

  const amount = parseAmountInput(amountText);
  const chosenDeadline = dateFromParts(deadline);
  const conditionsAt = (at: Date) => readConditions(typed, conditions, chosenDeadline, at);
  const problemsAt = (at: Date) => ({
    typed: Object.values(conditionsAt(at).problems).find(Boolean) ?? null,
    amount: amount === null ? 'Beløp må være større enn 0' : amountProblem(amount, startingPrice, highestBid),
    conditions:
      conditions.trim().length > MAX_CONDITIONS_LENGTH
        ? `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`
        : null,
    proof: proof ? proofFileProblem(proof) : null,
    deadline: chosenDeadline
      ? bidDeadlineProblem(chosenDeadline, at, minimumBidDeadline)
      : 'Akseptfrist må velges',
  });
  const problems = showProblems ? problemsAt(now) : null;
  const planAt = (at: Date) => readPlan(plan, defaultLender, amount, at);
  const planProblems = showProblems ? planAt(now) : null;
  const buyerNow = readBuyer(coBidders.length ? { ...buyer, forCompany: false } : buyer, profileCapacity);

  const reset = () => {
    setAmountText('');
    setConditions('');
    setTyped(EMPTY_CONDITIONS);
    setProof(null);
    setPlan(EMPTY_PLAN);
    setBuyer(EMPTY_BUYER);
    setDeadline(defaultDeadlineParts(new Date(), minimumBidDeadline));
    setShowProblems(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    const current = problemsAt(new Date());
    const checkedPlan = planAt(new Date());
    if (amount === null || !chosenDeadline || Object.values(current).some(Boolean) || !checkedPlan.ok) return;
    if (!buyerNow.ok) return;
    const read = conditionsAt(new Date());
    setDraft({
      amount,
      conditions: read.text,
      conditionList: read.conditions,
      bidDeadline: chosenDeadline,
      proofName: proof?.name ?? null,
      financing: checkedPlan.financing,
      takeoverDate: checkedPlan.takeoverDate,
      buyerCapacity: buyerNow.buyerCapacity,
      company: buyerNow.company,
      coBidders,
    });
  };

  const confirm = async (bid: BidDraft, signing: SignatureOptions | null) => {
    setDraft(null);
    // Time has passed while the dialog was open; the deadline must still be 30 minutes ahead.
    const late = bidDeadlineProblem(bid.bidDeadline, new Date(), minimumBidDeadline);
    if (late) {
      showToast({ title: 'Ugyldig budfrist', message: `${late}.`, variant: 'destructive' });
      return;
    }
    let signature: SignatureProof | undefined;
    if (signing) {
      try {
        signature = await signWithPasskey(signing);
      } catch {
        const message = 'Budet ble ikke sendt. Legg inn budet på nytt for å signere.';
        showToast({ title: 'Signeringen ble avbrutt', message, variant: 'destructive' });
        return;
      }
    }
    placeBid.mutate(
      { ...bidActOf(round.id, bid), proof, ...(signature ? { signature } : {}) },
      {
        onSuccess: (result) => {
          showToast({
            title: 'Bud lagt inn',
            message: `Budet ditt på ${formatMoney(result.bid?.amount ?? bid.amount)} er registrert. Kvittering er sendt på e-post.`,
          });
          reset();
        },
        onError: (error) =>
          showToast({
            title: 'Feil ved budgivning',
            message: bidErrorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  };

  const words = amount !== null && amount > 0 ? formatAmountInWords(amount) : '';
  return (
    <>
      <Form onSubmit={submit}>
        <Stack gap="sm">
          <div>
            <AmountInput
              label="Beløp"
              placeholder="F.eks. 4 350 000"
              description={`Minste bud: ${formatMoney(minimumNextBid(startingPrice, highestBid))}`}
              value={amountText}
              onChange={setAmountText}
              error={problems?.amount}
            />
            {words ? (
              <Text size="sm" fs="italic" mt={4}>
                {words}
              </Text>
            ) : null}
          </div>
          <QuickRaises
            base={highestBid ?? startingPrice}
            hasBids={highestBid !== null}
            onPick={setAmountText}
          />
          <ConditionInputs
            value={typed}
            onChange={setTyped}
            errors={showProblems ? conditionsAt(now).problems : null}
          />
          <GrowingTextarea
            label="Forbehold (valgfritt)"
            placeholder="F.eks. finansiering eller salg av egen bolig"
            value={conditions}
            onChange={(event) => setConditions(event.currentTarget.value)}
            maxLength={MAX_CONDITIONS_LENGTH}
            minRows={2}
            maxRows={6}
            error={problems?.conditions}
          />
          <FinancingProofInput value={proof} onChange={setProof} error={problems?.proof} />
          <BidPlanInputs
            value={plan}
            onChange={setPlan}
            defaultLender={defaultLender}
            now={now}
            errors={planProblems && !planProblems.ok ? planProblems : null}
          />
          <BuyerInputs
            value={buyer}
            onChange={setBuyer}
            profileCapacity={profileCapacity}
            inGroup={coBidders.length > 0}
            errors={showProblems ? buyerNow.errors : null}
          />
          <AcceptanceDeadlineInput
            note={acceptanceRuleText(round, now)}
            value={deadline}
            onChange={setDeadline}
            earliest={earliestBidDeadline(now, minimumBidDeadline)}
            error={problems?.deadline}
          />
          <SubmitButton disabled={placeBid.isPending}>
            {placeBid.isPending ? 'Sender bud...' : 'Legg inn bud'}
          </SubmitButton>
        </Stack>
      </Form>
      {/* Mounted when first asked for: a closed Modal still mounts its portal, a second render of the form. */}
      {confirmUsed && (
        <BidConfirmDialog
          draft={draft}
          propertyName={round.property.title || round.property.address}
          roundId={round.id}
          onCancel={() => setDraft(null)}
          onConfirm={(bid, signing) => void confirm(bid, signing)}
          onAddPasskey={() => {
            setDraft(null);
            setPasskeysOpen(true);
          }}
        />
      )}
      {passkeysOpen && <PasskeysDialog opened onClose={() => setPasskeysOpen(false)} />}
    </>
  );
}
