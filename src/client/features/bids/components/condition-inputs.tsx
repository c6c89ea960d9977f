import { Checkbox, Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { makeOsloDate } from '../../../../shared/format/date';
import {
  CONDITION_UNTIL_AFTER_DEADLINE,
  CONDITION_UNTIL_PAST,
  type ConditionKind,
  conditionsText,
} from '../../../../shared/rules/conditions';

// The common conditions of a bid as boxes to tick, each with an optional deadline (decision 066); the words
// in 'Forbehold (valgfritt)' beside them are one 'Annet'.

export const TICKED_KINDS = ['Finansiering', 'Salg av egen bolig', 'Besiktigelse/tilstand'] as const;
type TickedKind = (typeof TICKED_KINDS)[number];

export type ConditionDraft = Record<TickedKind, { on: boolean; until: string }>;

export const EMPTY_CONDITIONS: ConditionDraft = {
  Finansiering: { on: false, until: '' },
  'Salg av egen bolig': { on: false, until: '' },
  'Besiktigelse/tilstand': { on: false, until: '' },
};

/** 'YYYY-MM-DDTHH:MM' from the input, read as a time in Norway; null when empty or not a time. */
function osloTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const at = makeOsloDate(year, month, day, hour, minute);
  return Number.isNaN(at.getTime()) ? null : at;
}

export interface ReadConditions {
  /** The list POST /api/bids takes, or the words alone when no box is ticked (as before). */
  conditions: string | { kind: ConditionKind; text?: string; until?: string }[];
  /** The readable text, as the server will write it. */
  text: string;
  problems: Partial<Record<TickedKind, string>>;
}

export function readConditions(
  draft: ConditionDraft,
  other: string,
  deadline: Date | null,
  now: Date,
): ReadConditions {
  const words = other.trim();
  const ticked = TICKED_KINDS.filter((kind) => draft[kind].on);
  if (ticked.length === 0) return { conditions: words, text: words, problems: {} };
  const problems: ReadConditions['problems'] = {};
  const items = ticked.map((kind) => {
    const until = osloTime(draft[kind].until);
    if (until && until <= now) problems[kind] = CONDITION_UNTIL_PAST;
    else if (until && deadline && until > deadline) problems[kind] = CONDITION_UNTIL_AFTER_DEADLINE;
    return { kind, until };
  });
  const all = [
    ...items.map((c) => ({ kind: c.kind as ConditionKind, text: null, until: c.until })),
    ...(words ? [{ kind: 'Annet' as const, text: words, until: null }] : []),
  ];
  return {
    conditions: all.map((c) => ({
      kind: c.kind,
      ...(c.text ? { text: c.text } : {}),
      ...(c.until ? { until: c.until.toISOString() } : {}),
    })),
    text: conditionsText(all) ?? '',
    problems,
  };
}

export function ConditionInputs({
  value,
  onChange,
  errors,
}: {
  value: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  errors: ReadConditions['problems'] | null;
}) {
  const set = (kind: TickedKind, change: Partial<ConditionDraft[TickedKind]>) =>
    onChange({ ...value, [kind]: { ...value[kind], ...change } });
  return (
    <Fieldset
      legend={
        <Text span size="sm" fw={600}>
          Vanlige forbehold (valgfritt)
        </Text>
      }
      variant="unstyled"
      p={0}
    >
      <Stack gap="xs">
        {TICKED_KINDS.map((kind) => (
          <Stack gap={4} key={kind}>
            <Checkbox
              label={kind}
              checked={value[kind].on}
              onChange={(event) => set(kind, { on: event.currentTarget.checked })}
            />
            {value[kind].on ? (
              <TextInput
                type="datetime-local"
                label={`Frist for forbeholdet om ${kind.toLowerCase()} (valgfritt)`}
                value={value[kind].until}
                onChange={(event) => set(kind, { until: event.currentTarget.value })}
                error={errors?.[kind]}
                ml="lg"
              />
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Fieldset>
  );
}
