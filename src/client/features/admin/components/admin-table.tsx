import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface AdminTableProps {
  caption: string;
  headers: string[];
  /** Wide enough for every column; on a phone the table scrolls sideways inside its own box. */
  minWidth: number;
  empty: string;
  children: ReactNode[];
}

/** The panel's tables: named for screen readers, and an empty state instead of an empty table. */
export function AdminTable({ caption, headers, minWidth, empty, children }: AdminTableProps) {
  if (children.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Kari Nordmann', or 'Uten navn' for a row that somehow has none. */
export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || 'Uten navn';
