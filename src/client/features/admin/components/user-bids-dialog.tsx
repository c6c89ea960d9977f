import { Alert, Loader, Modal, Table } from '@mantine/core';
import { formatLongDate, formatShortDateTime } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { AdminUserView } from '../../../../shared/schemas/admin';
import { useUserBids } from '../api/admin-queries';
import { AdminTable, fullName } from './admin-table';

/** 'Budhistorikk': every bid the user has placed, newest first, with the property and its deadline. */
export function UserBidsDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const bids = useUserBids(user?.id ?? null);
  let body: React.ReactNode;
  if (bids.isPending) body = <Loader size="sm" aria-label="Laster budhistorikk" />;
  else if (bids.isError) body = <Alert color="red">{bids.error.message}</Alert>;
  else
    body = (
      <AdminTable
        caption="Budhistorikk"
        headers={['Beløp', 'Eiendom', 'Adresse', 'Tidspunkt', 'Akseptfrist']}
        minWidth={640}
        empty="Ingen bud funnet"
      >
        {bids.data.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(b.amount)}</Table.Td>
            <Table.Td>{b.propertyTitle}</Table.Td>
            <Table.Td>{b.propertyAddress}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(b.createdAt)}</Table.Td>
            <Table.Td>{b.bidDeadline ? formatLongDate(b.bidDeadline) : '–'}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    );
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Budhistorikk for ${fullName(user)}` : 'Budhistorikk'}
      size="xl"
      centered
    >
      {body}
    </Modal>
  );
}
