import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { CollapsibleCard } from '../../../components/collapsible-card';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileDetails } from './profile-details';
import { ProfileEditForm } from './profile-edit-form';

/** 'Din profil': view and edit the profile, change the password, or delete the account. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const [passwordOpen, passwordDialog] = useDisclosure(false);
  const [deleteOpen, deleteDialog] = useDisclosure(false);
  return (
    <CollapsibleCard title="Din profil">
      {editing ? (
        <ProfileEditForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="md">
          <ProfileDetails user={user} />
          <Group gap="xs">
            <Button variant="light" onClick={() => setEditing(true)}>
              Rediger profil
            </Button>
            <Button variant="default" onClick={passwordDialog.open}>
              Endre passord
            </Button>
            {user.isAdmin ? null : (
              <Button variant="subtle" color="red" c="red.9" onClick={deleteDialog.open}>
                Slett konto
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <ChangePasswordDialog opened={passwordOpen} onClose={passwordDialog.close} />
      <DeleteAccountDialog opened={deleteOpen} onClose={deleteDialog.close} />
    </CollapsibleCard>
  );
}
