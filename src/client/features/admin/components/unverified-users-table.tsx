import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { UnverifiedUserView } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastOutcome } from '../api/admin-toasts';
import { useApproveUser, useRejectUser } from '../api/use-admin-actions';
import { AdminTable, fullName } from './admin-table';

/** Registrations still waiting for e-mail verification, each with 'Godkjenn' and 'Avvis'. */
export function UnverifiedUsersTable({ users }: { users: UnverifiedUserView[] }) {
  const approve = useApproveUser();
  const reject = useRejectUser();
  const [rejecting, setRejecting] = useState<UnverifiedUserView | null>(null);

  const approveUser = (u: UnverifiedUserView) =>
    approve.mutate(
      u.id,
      toastOutcome(
        {
          title: 'Bruker godkjent',
          message: `${fullName(u)} kan nå logge inn og har fått beskjed på e-post.`,
        },
        'Feil ved godkjenning',
      ),
    );
  const rejectUser = (u: UnverifiedUserView) =>
    reject.mutate(
      u.id,
      toastOutcome(
        { title: 'Bruker avvist', message: `Registreringen til ${u.email} er fjernet.` },
        'Feil ved avvisning',
        () => setRejecting(null),
      ),
    );

  return (
    <>
      <AdminTable
        caption="Brukere som ikke har bekreftet e-postadressen"
        headers={['Navn', 'E-post', 'Telefon', 'Registrert', 'Verifiseringsmail sendt', 'Handlinger']}
        minWidth={860}
        empty="Ingen brukere funnet"
      >
        {users.map((u) => (
          <Table.Tr key={u.id}>
            <Table.Td>{fullName(u)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
            <Table.Td>{u.phone ?? '–'}</Table.Td>
            <Table.Td>{formatShortDateTime(u.createdAt)}</Table.Td>
            <Table.Td>
              {u.emailVerificationSentAt ? formatShortDateTime(u.emailVerificationSentAt) : 'Ikke sendt ennå'}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => approveUser(u)}
                  loading={approve.isPending && approve.variables === u.id}
                  aria-label={`Godkjenn ${fullName(u)}`}
                >
                  Godkjenn
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => setRejecting(u)}
                  aria-label={`Avvis ${fullName(u)}`}
                >
                  Avvis
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        opened={rejecting !== null}
        title="Avvise registreringen?"
        confirmLabel="Avvis"
        loading={reject.isPending}
        onConfirm={() => rejecting && rejectUser(rejecting)}
        onClose={() => setRejecting(null)}
      >
        <Text>
          Kontoen til {rejecting ? `${fullName(rejecting)} (${rejecting.email})` : ''} slettes. E-postadressen
          kan registreres på nytt senere.
        </Text>
      </ConfirmDialog>
    </>
  );
}
