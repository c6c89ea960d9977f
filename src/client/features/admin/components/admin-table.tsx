import { Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { LabeledValue } from '../../../components/labeled-value';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line in the table (dates, amounts, phone numbers). */
  nowrap?: boolean;
}

interface AdminTableProps<T> {
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  /** The first column: in a card on a phone it is the card's heading. */
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
  empty: string;
  /** Narrower than this, the table scrolls inside its own box. */
  minWidth?: number;
}

/** Mantine's sm breakpoint: below it a table would not fit, so each row becomes a card. */
const PHONE_QUERY = '(max-width: 48em)';

// Two columns of facts where both fit, one on the narrowest phones: at 320 px two columns left a label
// such as 'Verifiseringsmail sendt' wider than its column, against the card's border.
const FACT_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: 'var(--mantine-spacing-xs)',
} as const;

/**
 * The panel's lists: a table on wider screens and a card per row on phones, so that nothing scrolls
 * sideways and the actions are always in reach. An empty list shows its empty-state text instead.
 */
export function AdminTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  empty,
  minWidth = 640,
}: AdminTableProps<T>) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  const [first, ...rest] = columns;
  if (isPhone) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Text fw={700}>{first?.cell(row)}</Text>
              <Box style={FACT_GRID}>
                {rest.map((c) => (
                  <LabeledValue key={c.header} label={c.header}>
                    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                      {c.cell(row)}
                    </Text>
                  </LabeledValue>
                ))}
              </Box>
              {actions ? (
                <Group gap={6} wrap="wrap">
                  {actions(row)}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  const headers = [...columns.map((c) => c.header), ...(actions ? ['Handlinger'] : [])];
  return (
    // Focusable and named, so a keyboard can scroll a table wider than its dialog (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  style={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
              {actions ? (
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Kari Nordmann', or 'Uten navn' for a row that somehow has none. */
export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || 'Uten navn';
