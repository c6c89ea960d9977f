import { Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { AdminUserView } from '../../../../shared/schemas/admin';
import { STATUS_COLORS } from '../../../app/theme';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLastDefined } from '../../../lib/use-last-defined';
import { VerificationBadges } from '../../bids/components/verification-badges';
import { toastOutcome } from '../api/admin-toasts';
import { useChangeUserPassword, useDeleteUser } from '../api/use-admin-actions';
import { AdminTable, fullName } from './admin-table';
import { PasswordDialog } from './password-dialog';
import { UserBidsDialog } from './user-bids-dialog';
import { UserEditDialog } from './user-edit-dialog';

type Dialog = { kind: 'edit' | 'password' | 'bids' | 'delete'; user: AdminUserView } | null;

/** Name, e-mail or phone contains the query, ignoring case and the spaces in phone numbers. */
export function matchesSearch(u: AdminUserView, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/[\s-]/g, '');
  return (
    fullName(u).toLowerCase().includes(q) ||
    u.email.toLowerCase().includes(q) ||
    (digits !== '' && (u.phone ?? '').replace(/[\s-]/g, '').includes(digits))
  );
}

const yesNo = (value: boolean) => (
  <Badge variant="filled" color={value ? STATUS_COLORS.active : STATUS_COLORS.closed} size="sm">
    {value ? 'Ja' : 'Nei'}
  </Badge>
);

/** 'Alle brukere': search, the users with their activity, and per user edit, password, bids and delete. */
export function UsersTab({ users }: { users: AdminUserView[] }) {
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const changePassword = useChangeUserPassword();
  const remove = useDeleteUser();
  const close = () => setDialog(null);
  // Closes the dialog only if it is still the one for this user.
  const closeFor = (id: string) => () => setDialog((d) => (d?.user.id === id ? null : d));
  const shown = users.filter((u) => matchesSearch(u, query));
  // The dialog shows the user as the list has them now, so a change made in it (a released identity) shows.
  const target = (kind: NonNullable<Dialog>['kind']) =>
    dialog?.kind === kind ? (users.find((u) => u.id === dialog.user.id) ?? dialog.user) : null;
  const passwordUser = useLastDefined(target('password'));
  const deleteUser = useLastDefined(target('delete'));

  return (
    <Stack gap="md">
      <TextInput
        label="Søk"
        placeholder="Navn, e-post eller telefon"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />
      <Text size="sm" aria-live="polite">
        {query.trim() ? `Viser ${shown.length} av ${users.length} brukere` : `${users.length} brukere`}
      </Text>
      <AdminTable
        label="Alle brukere"
        rows={shown}
        rowKey={(u) => u.id}
        minWidth={1180}
        empty="Ingen brukere funnet"
        columns={[
          { header: 'Navn', cell: fullName },
          {
            header: 'Kontakt',
            cell: (u) => (
              <>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Text>
                <Text size="sm">{u.phone ?? 'Ingen telefon'}</Text>
              </>
            ),
          },
          { header: 'Verifisert', cell: (u) => yesNo(u.emailVerified) },
          {
            header: 'Identitet',
            cell: (u) => (
              <VerificationBadges identityVerified={u.identity !== null} phoneVerified={u.phoneVerified} />
            ),
          },
          { header: 'Admin', cell: (u) => yesNo(u.isAdmin) },
          { header: 'Bud', cell: (u) => u.bidCount },
          {
            header: 'Siste bud',
            cell: (u) => (u.lastBidAt ? formatShortDateTime(u.lastBidAt) : '–'),
            nowrap: true,
          },
        ]}
        actions={(u) => (
          <>
            <Button
              size="xs"
              variant="light"
              onClick={() => setDialog({ kind: 'edit', user: u })}
              aria-label={`Rediger ${fullName(u)}`}
            >
              Rediger
            </Button>
            {/* An administrator's password is theirs to change, with the current one (the server refuses). */}
            {u.isAdmin ? null : (
              <Button
                size="xs"
                variant="light"
                onClick={() => setDialog({ kind: 'password', user: u })}
                aria-label={`Endre passord for ${fullName(u)}`}
              >
                Endre passord
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              onClick={() => setDialog({ kind: 'bids', user: u })}
              aria-label={`Budhistorikk for ${fullName(u)}`}
            >
              Budhistorikk
            </Button>
            {u.isAdmin ? null : (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => setDialog({ kind: 'delete', user: u })}
                aria-label={`Slett ${fullName(u)}`}
              >
                Slett
              </Button>
            )}
          </>
        )}
      />

      <UserEditDialog user={target('edit')} onClose={close} />
      <UserBidsDialog user={target('bids')} onClose={close} />
      <PasswordDialog
        opened={dialog?.kind === 'password'}
        title="Endre passord"
        description={
          passwordUser
            ? `Nytt passord for ${fullName(passwordUser)} (${passwordUser.email}). Brukeren logges ut overalt, alle passnøklene fjernes, og brukeren får beskjed på e-post.`
            : ''
        }
        submitLabel="Lagre nytt passord"
        loading={changePassword.isPending}
        onClose={close}
        onSubmit={(input, reset) =>
          passwordUser &&
          changePassword.mutate(
            { id: passwordUser.id, input },
            toastOutcome(
              {
                title: 'Passord endret',
                message: `${fullName(passwordUser)} er logget ut overalt, passnøklene er fjernet, og brukeren har fått beskjed på e-post.`,
              },
              'Feil ved passordendring',
              () => {
                reset();
                closeFor(passwordUser.id)();
              },
            ),
          )
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Slette brukeren?"
        confirmLabel="Slett bruker"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() =>
          deleteUser &&
          remove.mutate(
            deleteUser.id,
            toastOutcome(
              {
                title: 'Bruker slettet',
                message: 'Personopplysningene er fjernet. Budene står igjen uten navn.',
              },
              'Feil ved sletting',
              closeFor(deleteUser.id),
            ),
          )
        }
      >
        <Text>
          {deleteUser ? `${fullName(deleteUser)} (${deleteUser.email})` : ''} slettes. Dette kan ikke angres.
        </Text>
        <Text size="sm">
          Navn, e-post, telefon, adresse og bankopplysninger fjernes, brukeren logges ut overalt, og egne åpne
          budrunder lukkes med budjournal. Bud brukeren har lagt inn, blir stående anonymt i budrundene og
          budjournalene.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
