import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { ROUND_DELETED_TEXT } from '../../../../shared/rules/journal-acts';
import type { JournalView } from '../../../../shared/schemas/journal';
import { CollapsibleCard } from '../../../components/collapsible-card';
import { closeReasonText, leadingEntry, useJournals } from '../api/use-journals';
import { useJournalFromAddress } from '../use-journal-from-address';
import { JournalDialog } from './journal-dialog';

function bidSummary(journal: JournalView): string {
  const count = journal.journalData.length;
  if (count === 0) return 'Ingen bud';
  const lead = leadingEntry(journal);
  const label = lead?.isWinner ? 'vinnerbud' : 'høyeste bud';
  return `${count} bud · ${label} ${lead ? formatMoney(lead.amount) : ''}`.trim();
}

function JournalItem({ journal, onOpen }: { journal: JournalView; onOpen: () => void }) {
  const { bidRound: round } = journal;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: '12rem' }}>
          <Title order={3} size="h5">
            {round.property.title}
          </Title>
          <Text size="sm">{round.property.address}</Text>
          <Text size="sm">
            {round.closedAt ? `Avsluttet ${formatLongDate(round.closedAt)} · ` : ''}
            {closeReasonText(round.closeReason)}
          </Text>
          <Text size="sm">{bidSummary(journal)}</Text>
          {journal.roundDeletedAt ? (
            <Text size="sm" fw={600}>
              {ROUND_DELETED_TEXT}
            </Text>
          ) : null}
        </Stack>
        <Button variant="default" size="xs" onClick={onOpen}>
          Vis budjournal<VisuallyHidden> for {round.property.title}</VisuallyHidden>
        </Button>
      </Group>
    </Paper>
  );
}

/** 'Budjournaler': the journals of every closed round the user took part in, as owner or bidder. */
export function JournalsCard() {
  const { data, isPending, isError } = useJournals();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const journals = data ?? [];
  // Looked up on every render so the open dialog follows the live data.
  const selected = journals.find((j) => j.id === selectedId) ?? null;
  const openJournal = useCallback((journalId: string) => {
    setSelectedId(journalId);
    setOpened(true);
  }, []);
  useJournalFromAddress(data, openJournal);

  let content: React.ReactNode;
  if (isPending) {
    content = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Laster budjournaler">
        <Skeleton h={88} radius="sm" />
        <Skeleton h={88} radius="sm" />
      </Stack>
    );
  } else if (isError && journals.length === 0) {
    content = (
      <Alert color="red.9" variant="outline" role="alert">
        Kunne ikke hente budjournaler.
      </Alert>
    );
  } else if (journals.length === 0) {
    content = <Text size="sm">Ingen budjournaler</Text>;
  } else {
    content = (
      <ScrollArea.Autosize mah="16rem" type="auto" offsetScrollbars>
        <Stack gap="xs">
          {journals.map((journal) => (
            <JournalItem key={journal.id} journal={journal} onOpen={() => openJournal(journal.id)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <CollapsibleCard title="Budjournaler" defaultOpen count={data ? journals.length : undefined}>
      {content}
      <JournalDialog journal={selected} opened={opened} onClose={() => setOpened(false)} />
    </CollapsibleCard>
  );
}
