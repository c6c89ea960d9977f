import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { UnverifiedUserView } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLastDefined } from '../../../lib/use-last-defined';
import { toastOutcome } from '../api/admin-toasts';
import { useApproveUser, useRejectUser } from '../api/use-admin-actions';
import { AdminTable, fullName } from './admin-table';

/** Registrations still waiting for e-mail verification, each with 'Godkjenn' and 'Avvis'. */
export function UnverifiedUsersTable({ users }: { users: UnverifiedUserView[] }) {
  const approve = useApproveUser();
  const reject = useRejectUser();
  const [rejecting, setRejecting] = useState<UnverifiedUserView | null>(null);
  const shownRejecting = useLastDefined(rejecting);

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
        label="Brukere som ikke har bekreftet e-postadressen"
        rows={users}
        rowKey={(u) => u.id}
        empty="Ingen brukere funnet"
        columns={[
          { header: 'Navn', cell: fullName },
          { header: 'E-post', cell: (u) => u.email },
          { header: 'Telefon', cell: (u) => u.phone ?? '–', nowrap: true },
          { header: 'Registrert', cell: (u) => formatShortDateTime(u.createdAt), nowrap: true },
          {
            header: 'Verifiseringsmail sendt',
            cell: (u) =>
              u.emailVerificationSentAt ? formatShortDateTime(u.emailVerificationSentAt) : 'Ikke sendt ennå',
          },
        ]}
        actions={(u) => (
          <>
            <Button
              size="xs"
              onClick={() => approveUser(u)}
              loading={approve.isPending && approve.variables === u.id}
              // One approval at a time, so that each gets its own toast.
              disabled={approve.isPending && approve.variables !== u.id}
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
          </>
        )}
      />
      <ConfirmDialog
        opened={rejecting !== null}
        title="Avvise registreringen?"
        confirmLabel="Avvis"
        loading={reject.isPending}
        onConfirm={() => rejecting && rejectUser(rejecting)}
        onClose={() => setRejecting(null)}
      >
        <Text>
          Kontoen til {shownRejecting ? `${fullName(shownRejecting)} (${shownRejecting.email})` : ''} slettes.
          E-postadressen kan registreres på nytt senere.
        </Text>
      </ConfirmDialog>
    </>
  );
}
