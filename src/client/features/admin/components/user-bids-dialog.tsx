import { Alert, Loader } from '@mantine/core';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatLongDate, formatShortDateTime } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { AdminUserView } from '../../../../shared/schemas/admin';
import { Modal } from '../../../components/modal';
import { useUserBids } from '../api/admin-queries';
import { AdminTable, fullName } from './admin-table';

/**
 * 'Budhistorikk': every bid the user has placed, newest first, with the property, its deadline, the bidder's
 * financing plan and takeover day, and whether the seller rejected it.
 */
export function UserBidsDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const bids = useUserBids(user?.id ?? null);
  let body: React.ReactNode;
  if (bids.isPending) body = <Loader size="sm" role="status" aria-label="Laster budhistorikk" />;
  else if (bids.isError) body = <Alert color="red">{bids.error.message}</Alert>;
  else
    body = (
      <AdminTable
        label="Budhistorikk"
        rows={bids.data}
        rowKey={(b) => b.id}
        empty="Ingen bud funnet"
        columns={[
          { header: 'Beløp', cell: (b) => formatMoney(b.amount), nowrap: true },
          { header: 'Eiendom', cell: (b) => b.propertyTitle },
          { header: 'Adresse', cell: (b) => b.propertyAddress },
          { header: 'Tidspunkt', cell: (b) => formatShortDateTime(b.createdAt), nowrap: true },
          { header: 'Akseptfrist', cell: (b) => (b.bidDeadline ? formatLongDate(b.bidDeadline) : '–') },
          // Decision 033: admins see the financing plan and takeover day, as the owner does.
          { header: 'Finansieringsplan', cell: (b) => financingText(b.financing) },
          { header: 'Overtakelse', cell: (b) => takeoverText(b.takeoverDate), nowrap: true },
          {
            header: 'Status',
            cell: (b) =>
              b.isRejected ? `Avslått${b.rejectionMessage ? `: ${b.rejectionMessage}` : ''}` : '–',
          },
        ]}
      />
    );
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Budhistorikk for ${fullName(user)}` : 'Budhistorikk'}
      // Eight columns: wide enough on a desktop that none is cut off; on a phone the rows are cards.
      size={1120}
      centered
    >
      {body}
    </Modal>
  );
}
