import { Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatMoney } from '../../../../shared/format/money';
import type { JournalEntry } from '../../../../shared/schemas/journal';
import {
  BankLines,
  EmailText,
  EntryBadges,
  entryKey,
  formatWhen,
  NONE,
  PhoneText,
  sortEntries,
} from './journal-entry-parts';

interface Column {
  header: string;
  render: (entry: JournalEntry) => ReactNode;
  /** Only in the owner's (or an admin's) copy. */
  details?: boolean;
  style?: CSSProperties;
  /** In the stacked layout, the cells after the bidder and the amount are labelled, each on its own line. */
  labelWhenStacked?: boolean;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

// The contact details share one column, so the owner's copy fits a wide dialog.
const COLUMNS: Column[] = [
  {
    header: 'Budgiver',
    render: (e) => (
      <Stack gap={4}>
        <span style={{ overflowWrap: 'anywhere' }}>{e.bidderName}</span>
        <EntryBadges entry={e} />
        {/* The rejection is an act of its own in the journal: when, and the seller's words if this copy has them. */}
        {e.isRejected && e.rejectedAt ? (
          <Text component="span" size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {`Avslått ${formatWhen(e.rejectedAt)}`}
            {e.rejectionMessage ? `: ${e.rejectionMessage}` : ''}
          </Text>
        ) : null}
      </Stack>
    ),
    style: { minWidth: '8rem' },
  },
  {
    header: 'Beløp',
    render: (e) => formatMoney(e.amount),
    style: { ...NOWRAP, textAlign: 'right', fontWeight: 600 },
  },
  {
    header: 'Forbehold',
    render: (e) => e.conditions || NONE,
    style: { whiteSpace: 'pre-wrap' },
    labelWhenStacked: true,
  },
  {
    header: 'Akseptfrist',
    render: (e) => (e.bidDeadline ? formatWhen(e.bidDeadline) : NONE),
    labelWhenStacked: true,
  },
  { header: 'Mottatt', render: (e) => formatWhen(e.createdAt), labelWhenStacked: true },
  // Decision 039: whether the bidder signed the bid with a passkey.
  {
    header: 'Signatur',
    render: (e) => (e.isSigned ? 'Signert med passnøkkel' : 'Ikke signert'),
    labelWhenStacked: true,
  },
  {
    header: 'Kontakt',
    details: true,
    render: (e) => (
      <Stack gap={2}>
        <EmailText email={e.bidderEmail} />
        <PhoneText phone={e.bidderPhone} />
        <span>{e.bidderAddress || NONE}</span>
      </Stack>
    ),
    // 14rem holds a long e-mail's parts between its '@' and dots; with the bidder's 8rem, the owner's copy
    // fits the dialog at 1280 px (decision 063).
    style: { minWidth: '14rem' },
    labelWhenStacked: true,
  },
  { header: 'Bank', details: true, render: (e) => <BankLines entry={e} />, labelWhenStacked: true },
  {
    header: 'Finansiering og overtakelse',
    details: true,
    render: (e) => (
      <Stack gap={2}>
        <span style={{ overflowWrap: 'anywhere' }}>{financingText(e.financing)}</span>
        <span>Overtakelse: {takeoverText(e.takeoverDate)}</span>
      </Stack>
    ),
    labelWhenStacked: true,
  },
];

// Hidden from sight but not from screen readers, which still name every cell after its column.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
const STACKED_ROW: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
  padding: 'var(--mantine-spacing-sm)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
};
const STACKED_CELL: CSSProperties = { display: 'block', padding: 0, border: 0 };

interface JournalTableProps {
  entries: JournalEntry[];
  /** The owner's (or an admin's) copy, with every bidder's contact and bank details. */
  withDetails: boolean;
  /**
   * Each bid as a card of its own, for screens too narrow for the columns. Still a table with its headers,
   * so screen readers hear the same structure; the roles are explicit because a table whose parts no longer
   * display as table parts loses them in some browsers.
   */
  stacked?: boolean;
}

/** Every bid in the journal, highest first. */
export function JournalTable({ entries, withDetails, stacked = false }: JournalTableProps) {
  const columns = COLUMNS.filter((c) => withDetails || !c.details);
  const rows = sortEntries(entries);
  if (stacked) {
    return (
      <Table role="table" aria-label="Bud i budjournalen" fz="sm" style={{ display: 'block' }}>
        <Table.Thead role="rowgroup" style={VISUALLY_HIDDEN}>
          <Table.Tr role="row">
            {columns.map((c) => (
              <Table.Th key={c.header} role="columnheader" scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {rows.map((entry) => (
            <Table.Tr key={entryKey(entry)} role="row" style={STACKED_ROW}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  role="cell"
                  style={{
                    ...STACKED_CELL,
                    // The bidder and the amount head the card, in bold; every other cell takes a full line.
                    ...(c.labelWhenStacked
                      ? { gridColumn: '1 / -1', overflowWrap: 'anywhere' }
                      : { ...c.style, fontWeight: 700 }),
                    minWidth: 0,
                  }}
                >
                  {c.labelWhenStacked ? (
                    <Text component="span" display="block" size="xs" fw={700} aria-hidden>
                      {c.header}
                    </Text>
                  ) : null}
                  <span style={c.labelWhenStacked ? c.style : undefined}>{c.render(entry)}</span>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    // Below this the table scrolls in its own frame; the owner's copy fits the 72rem dialog at 1280 px.
    <Table.ScrollContainer
      minWidth={withDetails ? 1072 : 640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Bud i budjournalen"
    >
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th
                key={c.header}
                scope="col"
                style={c.style?.textAlign ? { textAlign: 'right' } : undefined}
              >
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entryKey(entry)}>
              {columns.map((c) => (
                <Table.Td key={c.header} style={c.style}>
                  {c.render(entry)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
