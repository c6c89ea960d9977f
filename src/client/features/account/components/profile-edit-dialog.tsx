import { useMediaQuery } from '@mantine/hooks';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { Modal } from '../../../components/modal';
import { ProfileEditForm } from './profile-edit-form';

interface ProfileEditDialogProps {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Rediger profil' as a dialog (SPEC §2). The form mounts afresh on each opening, so it always starts from
 * the saved profile and a cancelled edit leaves nothing behind.
 */
export function ProfileEditDialog({ user, opened, onClose }: ProfileEditDialogProps) {
  // Seven fields in one column do not fit a phone's height in a floating dialog; the whole screen does.
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Rediger profil"
      size="lg"
      fullScreen={isPhone}
      centered={!isPhone}
    >
      <ProfileEditForm user={user} onDone={onClose} />
    </Modal>
  );
}
