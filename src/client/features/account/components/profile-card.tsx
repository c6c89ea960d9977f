import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { CollapsibleCard } from '../../../components/collapsible-card';
import { useIdentityOutcome } from '../../site/use-identity-outcome';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { IdentitySection } from './identity-section';
import { PasskeysDialog } from './passkeys-dialog';
import { ProfileDetails } from './profile-details';
import { ProfileEditDialog } from './profile-edit-dialog';

/**
 * 'Din profil': view and edit the profile, change the password, manage passkeys, download one's data, or
 * delete the account.
 */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const [editOpen, editDialog] = useDisclosure(false);
  const [passwordOpen, passwordDialog] = useDisclosure(false);
  const [deleteOpen, deleteDialog] = useDisclosure(false);
  const [passkeysOpen, passkeysDialog] = useDisclosure(false);
  const cameBackFromProvider = useIdentityOutcome() !== null;
  return (
    <CollapsibleCard title="Din profil" openWhen={cameBackFromProvider}>
      <Stack gap="md">
        <ProfileDetails user={user} />
        <IdentitySection user={user} />
        <Group gap="xs">
          <Button variant="light" onClick={editDialog.open}>
            Rediger profil
          </Button>
          <Button variant="default" onClick={passwordDialog.open}>
            Endre passord
          </Button>
          <Button variant="default" onClick={passkeysDialog.open}>
            Passnøkler
          </Button>
          {/* A plain link: the browser downloads the file itself, with the session cookie it already has. */}
          <Button
            component="a"
            href="/api/users/me/export"
            download="budrunde-mine-data.json"
            variant="default"
          >
            Last ned mine data
          </Button>
          {user.isAdmin ? null : (
            <Button variant="subtle" color="red" c="red.9" onClick={deleteDialog.open}>
              Slett konto
            </Button>
          )}
        </Group>
      </Stack>
      <ProfileEditDialog user={user} opened={editOpen} onClose={editDialog.close} />
      <ChangePasswordDialog opened={passwordOpen} onClose={passwordDialog.close} />
      <DeleteAccountDialog opened={deleteOpen} onClose={deleteDialog.close} />
      <PasskeysDialog opened={passkeysOpen} onClose={passkeysDialog.close} />
    </CollapsibleCard>
  );
}
