import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { PendingResetView } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLastDefined } from '../../../lib/use-last-defined';
import { toastOutcome } from '../api/admin-toasts';
import { useApproveReset, useRejectReset } from '../api/use-admin-actions';
import { AdminTable, fullName } from './admin-table';
import { PasswordDialog } from './password-dialog';

/**
 * Password-reset requests waiting for an administrator: 'Godkjenn' sets a new password, 'Avvis' removes the
 * request and makes the link already mailed for it useless.
 */
export function ResetRequestsTable({ requests }: { requests: PendingResetView[] }) {
  const approve = useApproveReset();
  const reject = useRejectReset();
  const [approving, setApproving] = useState<PendingResetView | null>(null);
  const [rejecting, setRejecting] = useState<PendingResetView | null>(null);
  const shownApproving = useLastDefined(approving);
  const shownRejecting = useLastDefined(rejecting);

  return (
    <>
      <AdminTable
        label="Forespørsler om nytt passord"
        rows={requests}
        rowKey={(r) => r.id}
        empty="Ingen ventende forespørsler om nytt passord"
        columns={[
          { header: 'Navn', cell: (r) => fullName(r.user) },
          { header: 'E-post', cell: (r) => r.user.email },
          { header: 'Årsak', cell: (r) => r.reason || 'Ikke oppgitt' },
          { header: 'Forespurt', cell: (r) => formatShortDateTime(r.requestedAt), nowrap: true },
        ]}
        actions={(r) => (
          <>
            {/* An administrator resets their own through the mailed link; no other admin sets it. */}
            {r.user.isAdmin ? null : (
              <Button
                size="xs"
                onClick={() => setApproving(r)}
                aria-label={`Godkjenn forespørselen fra ${fullName(r.user)}`}
              >
                Godkjenn
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={() => setRejecting(r)}
              aria-label={`Avvis forespørselen fra ${fullName(r.user)}`}
            >
              Avvis
            </Button>
          </>
        )}
      />
      <PasswordDialog
        opened={approving !== null}
        title="Godkjenn forespørsel om nytt passord"
        description={
          shownApproving
            ? `Sett et nytt passord for ${fullName(shownApproving.user)} (${shownApproving.user.email}). Lenken brukeren fikk på e-post slutter å virke, brukeren logges ut overalt, alle passnøklene fjernes, og brukeren får beskjed på e-post.`
            : ''
        }
        submitLabel="Godkjenn og sett passord"
        loading={approve.isPending}
        onClose={() => setApproving(null)}
        onSubmit={(input, reset) =>
          approving &&
          approve.mutate(
            { id: approving.id, input },
            toastOutcome(
              {
                title: 'Passord reset godkjent',
                message: 'Det nye passordet er satt, og brukeren har fått beskjed.',
              },
              'Feil ved godkjenning',
              () => {
                reset();
                setApproving(null);
              },
            ),
          )
        }
      />
      <ConfirmDialog
        opened={rejecting !== null}
        title="Avvise forespørselen?"
        confirmLabel="Avvis"
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={() =>
          rejecting &&
          reject.mutate(
            rejecting.id,
            toastOutcome(
              {
                title: 'Passord reset avvist',
                message:
                  'Forespørselen er fjernet, og lenken på e-post virker ikke lenger. Passordet er uendret.',
              },
              'Feil ved avvisning',
              () => setRejecting(null),
            ),
          )
        }
      >
        <Text>
          Forespørselen fra{' '}
          {shownRejecting ? `${fullName(shownRejecting.user)} (${shownRejecting.user.email})` : ''} fjernes
          fra listen. Lenken for å tilbakestille passordet som allerede er sendt på e-post, slutter å virke.
          Passordet er uendret.
        </Text>
      </ConfirmDialog>
    </>
  );
}
