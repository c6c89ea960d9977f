import { Alert, Code, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import type { CheckedItem, JournalCheckReport, Verdict } from '../check-journal';

const LOOK: Record<Verdict, { color: string; icon: typeof IconCheck }> = {
  holds: { color: 'green', icon: IconCheck },
  broken: { color: 'red', icon: IconX },
  unanchored: { color: 'yellow', icon: IconAlertTriangle },
  unreadable: { color: 'red', icon: IconAlertTriangle },
};

// Said in words as well as by colour and icon: a screen reader hears 'Stemmer:' before each line.
const ITEM_LOOK = (held: boolean | null) =>
  held === true
    ? { color: 'green', icon: IconCheck, label: 'Stemmer' }
    : held === false
      ? { color: 'red', icon: IconX, label: 'Stemmer ikke' }
      : { color: 'gray', icon: IconMinus, label: 'Ikke kontrollert' };

function Item({ item }: { item: CheckedItem }) {
  const look = ITEM_LOOK(item.held);
  // Its own row rather than List's icon slot: a key id or a hash has no place to break, and must wrap
  // anywhere (minWidth 0) on a 390 px phone instead of pushing the page sideways.
  return (
    <List.Item>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon color={look.color} size={22} radius="xl" variant="light">
          <look.icon size={14} aria-hidden />
        </ThemeIcon>
        <Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text component="span" fw={600}>
            {look.label}:
          </Text>{' '}
          {item.text}
        </Text>
      </Group>
    </List.Item>
  );
}

/** What the check found (decision 062): the verdict first, then each thing checked, then the chain's facts. */
export function JournalCheckResult({ report }: { report: JournalCheckReport }) {
  const look = LOOK[report.verdict];
  return (
    <Stack gap="md" data-testid="journal-check-result" data-verdict={report.verdict}>
      <Alert
        color={look.color}
        icon={<look.icon aria-hidden />}
        title={report.title}
        role="status"
        // The text in the page's own colour: Mantine's green or yellow on its light tint falls short of 4.5:1.
        styles={{
          title: { overflowWrap: 'anywhere', color: 'var(--mantine-color-text)' },
          message: { overflowWrap: 'anywhere', color: 'var(--mantine-color-text)' },
        }}
      >
        {report.detail ? <Text size="sm">{report.detail}</Text> : null}
      </Alert>
      {report.items.length > 0 ? (
        <Stack gap="xs">
          <Title order={3}>Dette ble kontrollert</Title>
          <List spacing="sm" listStyleType="none" withPadding={false}>
            {report.items.map((item) => (
              <Item key={item.text} item={item} />
            ))}
          </List>
        </Stack>
      ) : null}
      {report.facts ? (
        <Stack gap={4}>
          <Text size="sm">Budrunde: {report.facts.roundId ?? 'ukjent'}</Text>
          <Text size="sm">Antall handlinger i kjeden: {report.facts.length}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Kjedens hode:{' '}
            {report.facts.head ? (
              <>
                nr. {report.facts.head.seq},{' '}
                <Code style={{ overflowWrap: 'anywhere' }}>{report.facts.head.hash}</Code>
              </>
            ) : (
              'ingen (tom kjede)'
            )}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
