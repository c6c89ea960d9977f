import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { ROUND_DELETED_TEXT } from '../../../../shared/rules/journal-acts';
import type { JournalView } from '../../../../shared/schemas/journal';
import { Modal } from '../../../components/modal';
import { closeReasonText, journalExportUrl, openJournalCsv, openJournalPdf } from '../api/use-journals';
import { JournalActsList } from './journal-acts-list';
import { JournalChainHead } from './journal-chain-head';
import { JournalChanges } from './journal-changes';
import { JournalTable } from './journal-table';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function JournalEntries({ journal, stacked }: { journal: JournalView; stacked: boolean }) {
  const entries = journal.journalData;
  if (entries.length === 0) return <Text size="sm">Ingen bud ble lagt inn i denne budrunden.</Text>;
  return <JournalTable entries={entries} withDetails={journal.isOwnerCopy} stacked={stacked} />;
}

interface JournalDialogProps {
  /** The journal to show; kept while the dialog closes so its content does not vanish mid-animation. */
  journal: JournalView | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * A round's budjournal: the round's facts, every bid, and every act in time order. The owner's copy names
 * the bidders and exports CSV; every copy downloads as a PDF.
 */
export function JournalDialog({ journal, opened, onClose }: JournalDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  // Below this the table's columns no longer fit the dialog: then each bid gets a card of its own.
  const stacked = useMediaQuery('(max-width: 62em)') ?? false;
  const round = journal?.bidRound;
  return (
    <Modal
      opened={opened && journal !== null}
      onClose={onClose}
      title={round ? `Budjournal – ${round.property.title}` : 'Budjournal'}
      // The owner's copy has two more columns (contact, bank), so it gets a wider dialog.
      size={journal?.isOwnerCopy ? '72rem' : 'xl'}
      fullScreen={isPhone}
      centered={!isPhone}
    >
      {journal && round ? (
        <Stack gap="md">
          {/* A deleted round keeps its journals (decision 042); the reader must not take it for a live one. */}
          {journal.roundDeletedAt ? (
            <Alert color="yellow" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
              <Text size="sm" fw={600}>
                {ROUND_DELETED_TEXT} {formatLongDate(journal.roundDeletedAt)}
              </Text>
              <Text size="sm">
                Budjournalen er tatt vare på, men budrunden finnes ikke lenger på Budrunde.
              </Text>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Adresse" value={round.property.address} />
            <Fact label="Startpris" value={formatMoney(round.startingPrice)} />
            <Fact label="Avsluttet" value={round.closedAt ? formatLongDate(round.closedAt) : '–'} />
            <Fact label="Hvordan budrunden ble avsluttet" value={closeReasonText(round.closeReason)} />
            {round.closeReason === 'winner' && round.acceptedAt ? (
              <Fact label="Bud akseptert" value={formatLongDate(round.acceptedAt)} />
            ) : null}
          </SimpleGrid>
          {journal.chainHead ? <JournalChainHead head={journal.chainHead} /> : null}
          {journal.isOwnerCopy ? null : (
            <Text size="sm">
              Andre budgivere er anonymisert som «Budgiver A», «Budgiver B» og så videre. Dine egne bud er
              merket «Ditt bud».
            </Text>
          )}
          <Group justify="space-between" align="center" gap="xs">
            <Title order={3} size="h4">
              Bud ({journal.journalData.length})
            </Title>
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => openJournalPdf(round.id)}
              >
                Last ned PDF
              </Button>
              {/* The chain itself, to check on /kontroller-budjournal or with npm run verify-journal (decisions 040, 062). */}
              {journal.chainHead ? (
                <Button
                  component="a"
                  href={journalExportUrl(round.id)}
                  download
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Last ned kjeden (JSON)
                </Button>
              ) : null}
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
          </Group>
          <JournalEntries journal={journal} stacked={stacked} />
          {/* Every act in time order (decision 036): bids, rejections, counter-offers, the acceptance, the close. */}
          <Title order={3} size="h4">
            Hendelser ({journal.acts.length})
          </Title>
          <JournalActsList acts={journal.acts} label="Hendelser i budjournalen" />
          <Text size="xs" c="dimmed">
            Alle tidspunkter er norsk tid. Mottatt er tidspunktet serveren tok imot budet. Hendelsene står i
            den rekkefølgen de skjedde.
          </Text>
          <JournalChanges changes={journal.changes} />
        </Stack>
      ) : null}
    </Modal>
  );
}
