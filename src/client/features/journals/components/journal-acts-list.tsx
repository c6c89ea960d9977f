import { Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { formatMoney } from '../../../../shared/format/money';
import type { JournalAct } from '../../../../shared/schemas/journal';
import { formatWhen } from './journal-entry-parts';

const ITEM: CSSProperties = {
  padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
};
const WRAP: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };
const LIST: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

/** What a counter-offer's deadline and a bid's acceptance deadline are called. */
const deadlineLabel = (act: JournalAct) => (act.kind === 'Bud' ? 'Akseptfrist' : 'Frist');

/** The details that belong to the act itself: deadline and conditions where it was made, words where said. */
function ActDetails({ act }: { act: JournalAct }) {
  const made = act.kind === 'Bud' || act.kind === 'Motbud';
  return (
    <>
      {made && act.deadline ? (
        <Text size="sm">
          {deadlineLabel(act)}: {formatWhen(act.deadline)}
        </Text>
      ) : null}
      {made && act.conditions ? (
        <Text size="sm" style={WRAP}>
          Forbehold: {act.conditions}
        </Text>
      ) : null}
      {act.message ? (
        <Text size="sm" style={WRAP}>
          {act.kind === 'Avslag' ? `Melding fra selgeren: ${act.message}` : act.message}
        </Text>
      ) : null}
      {/* Every binding act says whether its party signed it (decision 059); the others sign nothing. */}
      {act.isSigned !== null ? (
        <Text size="sm">Signatur: {act.isSigned ? 'Signert med passnøkkel' : 'Ikke signert'}</Text>
      ) : null}
    </>
  );
}

interface JournalActsListProps {
  acts: JournalAct[];
  /** The list's accessible name, e.g. 'Hendelser i budjournalen'. */
  label: string;
}

/**
 * Every act of a round in time order (decision 036): when, what, who and how much, then its deadline,
 * conditions or words. One card per act, so it reads the same on a 390 px phone as on a desktop.
 */
export function JournalActsList({ acts, label }: JournalActsListProps) {
  if (acts.length === 0) return <Text size="sm">Ingen hendelser ennå.</Text>;
  return (
    <Stack component="ol" gap={6} aria-label={label} style={LIST}>
      {acts.map((act, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the record only grows at its end, never reorders.
        <li key={i} style={ITEM}>
          <Stack gap={2}>
            {/* The time and the amount share the first line, so a long kind and name never push the amount aside. */}
            <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
              <Text size="xs" c="dimmed" component="span">
                {formatWhen(act.at)}
              </Text>
              {act.amount !== null ? (
                <Text size="sm" fw={600} component="span" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(act.amount)}
                </Text>
              ) : null}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={700}>
                {act.kind}
              </Text>
              {act.party ? ` – ${act.party}` : null}
            </Text>
            <ActDetails act={act} />
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
