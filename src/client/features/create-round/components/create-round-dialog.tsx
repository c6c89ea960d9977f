import { useMediaQuery } from '@mantine/hooks';
import { Modal } from '../../../components/modal';
import { IdentityNeeded, useIdentityNeeded } from '../../account/components/identity-needed';
import { CreateRoundForm } from './create-round-form';

/** 'Opprett ny budrunde'. The form mounts on each open (Modal unmounts closed content), so it starts fresh with today's default deadline. */
export function CreateRoundDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const identityNeeded = useIdentityNeeded();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Opprett ny budrunde"
      size="lg"
      fullScreen={isPhone}
      centered={!isPhone}
    >
      {identityNeeded ? <IdentityNeeded action="round" /> : <CreateRoundForm onDone={onClose} />}
    </Modal>
  );
}
