import { Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { JournalView } from '../../../../shared/schemas/journal';
import { closeReasonText, openJournalCsv } from '../api/use-journals';
import { JournalTable } from './journal-table';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

interface JournalDialogProps {
  /** The journal to show; kept while the dialog closes so its content does not vanish mid-animation. */
  journal: JournalView | null;
  opened: boolean;
  onClose: () => void;
}

/** A round's budjournal: the round's facts and every bid. The owner's copy names the bidders and exports CSV. */
export function JournalDialog({ journal, opened, onClose }: JournalDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const round = journal?.bidRound;
  return (
    <Modal
      opened={opened && journal !== null}
      onClose={onClose}
      title={round ? `Budjournal – ${round.property.title}` : 'Budjournal'}
      size="xl"
      fullScreen={isPhone}
      centered={!isPhone}
    >
      {journal && round ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Adresse" value={round.property.address} />
            <Fact label="Startpris" value={formatMoney(round.startingPrice)} />
            <Fact label="Avsluttet" value={round.closedAt ? formatLongDate(round.closedAt) : '–'} />
            <Fact label="Hvordan budrunden ble avsluttet" value={closeReasonText(round.closeReason)} />
            {round.closeReason === 'winner' && round.acceptedAt ? (
              <Fact label="Bud akseptert" value={formatLongDate(round.acceptedAt)} />
            ) : null}
          </SimpleGrid>
          {journal.isOwnerCopy ? null : (
            <Text size="sm">
              Andre budgivere er anonymisert som «Budgiver A», «Budgiver B» og så videre. Dine egne bud er
              merket «Ditt bud».
            </Text>
          )}
          <Group justify="space-between" align="center">
            <Title order={3} size="h4">
              Bud ({journal.journalData.length})
            </Title>
            {journal.isOwnerCopy ? (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => openJournalCsv(round.id)}
              >
                Last ned CSV
              </Button>
            ) : null}
          </Group>
          <JournalTable entries={journal.journalData} withDetails={journal.isOwnerCopy} />
          <Text size="xs" c="dimmed">
            Alle tidspunkter er norsk tid. Mottatt er tidspunktet serveren tok imot budet.
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
