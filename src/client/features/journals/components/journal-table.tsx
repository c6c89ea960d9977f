import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { JournalEntry } from '../../../../shared/schemas/journal';
import { STATUS_COLORS } from '../../../app/theme';

const NONE = '–';

function byAmountDesc(a: JournalEntry, b: JournalEntry): number {
  return b.amount - a.amount || Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

function EntryBadges({ entry }: { entry: JournalEntry }) {
  if (!entry.isWinner && !entry.isHighestBid && !entry.isOwnBid) return null;
  return (
    <Group gap={4}>
      {entry.isWinner ? (
        <Badge size="sm" variant="filled" color={STATUS_COLORS.active}>
          Vinner
        </Badge>
      ) : null}
      {entry.isHighestBid ? (
        <Badge size="sm" variant="filled" color="blue.8">
          Høyeste bud
        </Badge>
      ) : null}
      {entry.isOwnBid ? (
        <Badge size="sm" variant="filled" color="gray.7">
          Ditt bud
        </Badge>
      ) : null}
    </Group>
  );
}

function Bank({ entry }: { entry: JournalEntry }) {
  const lines = [entry.bankName, entry.bankContactName, entry.bankContactPhone].filter(Boolean);
  if (lines.length === 0) return NONE;
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Stack>
  );
}

interface JournalTableProps {
  entries: JournalEntry[];
  /** The owner's (or an admin's) copy, with every bidder's contact and bank details. */
  withDetails: boolean;
}

/** Every bid in the journal, highest first. */
export function JournalTable({ entries, withDetails }: JournalTableProps) {
  if (entries.length === 0) return <Text size="sm">Ingen bud ble lagt inn i denne budrunden.</Text>;
  const rows = [...entries].sort(byAmountDesc);
  return (
    <Table.ScrollContainer
      minWidth={withDetails ? 1000 : 800}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Bud i budjournalen"
    >
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Budgiver</Table.Th>
            <Table.Th scope="col" ta="right">
              Beløp
            </Table.Th>
            <Table.Th scope="col">Forbehold</Table.Th>
            <Table.Th scope="col">Akseptfrist</Table.Th>
            <Table.Th scope="col">Mottatt</Table.Th>
            {withDetails ? (
              <>
                <Table.Th scope="col">E-post</Table.Th>
                <Table.Th scope="col">Telefon</Table.Th>
                <Table.Th scope="col">Adresse</Table.Th>
                <Table.Th scope="col">Bank</Table.Th>
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={`${entry.createdAt}-${entry.amount}-${entry.bidderName}`}>
              <Table.Td>
                <Stack gap={4}>
                  <span>{entry.bidderName}</span>
                  <EntryBadges entry={entry} />
                </Stack>
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(entry.amount)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{entry.conditions || NONE}</Table.Td>
              <Table.Td>{entry.bidDeadline ? formatLongDate(entry.bidDeadline) : NONE}</Table.Td>
              <Table.Td>{formatLongDate(entry.createdAt)}</Table.Td>
              {withDetails ? (
                <>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{entry.bidderEmail || NONE}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.bidderPhone || NONE}</Table.Td>
                  <Table.Td>{entry.bidderAddress || NONE}</Table.Td>
                  <Table.Td>
                    <Bank entry={entry} />
                  </Table.Td>
                </>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
