import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { takeoverText } from '../../../../shared/format/bid-plan';
import { parseAmountInput } from '../../../../shared/format/money';
import { MAX_AMOUNT } from '../../../../shared/rules/amounts';
import {
  type FinancingPlan,
  financingProblem,
  MAX_LENDER_LENGTH,
  osloDay,
  takeoverDateProblem,
} from '../../../../shared/rules/bid-plan';
import { DatePickerInput } from '../../../components/date-picker-input';
import { PICKER_DAY_FORMAT } from '../../../components/picker-day';
import { AmountInput } from './amount-input';

/** What the bidder has typed: kroner as text, the lender (null until edited: the profile's bank), a day. */
export interface PlanDraft {
  equityText: string;
  loanText: string;
  lender: string | null;
  takeoverDate: string | null;
}

export const EMPTY_PLAN: PlanDraft = { equityText: '', loanText: '', lender: null, takeoverDate: null };

type PlanResult =
  | { ok: true; financing: FinancingPlan | null; takeoverDate: string | null }
  | { ok: false; financing: string | null; takeover: string | null };

function kroner(text: string, what: string): number | string {
  if (!text.trim()) return 0;
  const value = parseAmountInput(text);
  if (value === null) return `${what} må være et helt antall kroner`;
  if (value > MAX_AMOUNT) return `${what} kan ikke være høyere enn 10 000 000 000 kr`;
  return value;
}

/**
 * The plan as the API takes it, or why not. No plan is sent unless equity or loan is filled in (the lender
 * alone, pre-filled from the profile, is no plan); an empty one of the two counts as 0 kr. The server checks
 * the same rules (shared/rules/bid-plan) on its own clock.
 */
export function readPlan(
  draft: PlanDraft,
  defaultLender: string,
  amount: number | null,
  now: Date,
): PlanResult {
  const takeover = takeoverDateProblem(draft.takeoverDate, now);
  let financing: FinancingPlan | null = null;
  let financingError: string | null = null;
  if (draft.equityText.trim() || draft.loanText.trim()) {
    const equity = kroner(draft.equityText, 'Egenkapital');
    const loan = kroner(draft.loanText, 'Lån');
    const lender = (draft.lender ?? defaultLender).trim();
    if (typeof equity === 'string') financingError = equity;
    else if (typeof loan === 'string') financingError = loan;
    else if (lender.length > MAX_LENDER_LENGTH)
      financingError = `Långiver kan ha høyst ${MAX_LENDER_LENGTH} tegn`;
    else {
      financing = { equity, loan, lender: lender || null };
      financingError = amount === null ? null : financingProblem(amount, financing);
    }
  }
  if (takeover || financingError) return { ok: false, financing: financingError, takeover };
  return { ok: true, financing, takeoverDate: draft.takeoverDate };
}

interface BidPlanInputsProps {
  value: PlanDraft;
  onChange: (value: PlanDraft) => void;
  /** The profile's bank, shown as the lender until the bidder types another. */
  defaultLender: string;
  now: Date;
  errors: { financing: string | null; takeover: string | null } | null;
}

/** 'Finansieringsplan' and 'Ønsket overtakelse': both optional, as on a broker's bid form. */
export function BidPlanInputs({ value, onChange, defaultLender, now, errors }: BidPlanInputsProps) {
  return (
    <Stack gap="sm">
      {/* The legend reads like the form's other labels, and the fields line up with theirs. */}
      <Fieldset
        legend={
          <Text span size="sm" fw={600}>
            Finansieringsplan (valgfritt)
          </Text>
        }
        variant="unstyled"
        style={{ minWidth: 0, margin: 0, padding: 0, border: 0 }}
      >
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
            <AmountInput
              label="Egenkapital"
              placeholder="F.eks. 1 500 000"
              value={value.equityText}
              onChange={(equityText) => onChange({ ...value, equityText })}
              error={Boolean(errors?.financing)}
            />
            <AmountInput
              label="Lån"
              placeholder="F.eks. 4 000 000"
              value={value.loanText}
              onChange={(loanText) => onChange({ ...value, loanText })}
              error={Boolean(errors?.financing)}
            />
          </SimpleGrid>
          <TextInput
            label="Långiver"
            placeholder="F.eks. DNB"
            description={defaultLender ? 'Hentet fra profilen din. Du kan endre den.' : undefined}
            value={value.lender ?? defaultLender}
            onChange={(event) => onChange({ ...value, lender: event.currentTarget.value })}
            maxLength={MAX_LENDER_LENGTH}
            autoComplete="off"
          />
          {errors?.financing ? (
            <Text size="sm" c="red.9" role="alert">
              {errors.financing}
            </Text>
          ) : null}
        </Stack>
      </Fieldset>
      <Stack gap={4}>
        <DatePickerInput
          loadOnUse
          label="Ønsket overtakelse"
          placeholder="Etter avtale"
          valueFormat={PICKER_DAY_FORMAT}
          value={value.takeoverDate}
          onChange={(takeoverDate) => onChange({ ...value, takeoverDate: takeoverDate || null })}
          minDate={osloDay(now)}
          clearable
          clearButtonProps={{ 'aria-label': 'Fjern datoen (etter avtale)' }}
          error={Boolean(errors?.takeover)}
        />
        {errors?.takeover ? (
          <Text size="sm" c="red.9" role="alert">
            {errors.takeover}
          </Text>
        ) : null}
        <Text size="sm">
          {value.takeoverDate
            ? `Du ønsker overtakelse ${takeoverText(value.takeoverDate)}.`
            : 'Uten dato står det «Etter avtale» i budet.'}
        </Text>
      </Stack>
    </Stack>
  );
}
