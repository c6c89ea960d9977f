import { useMediaQuery } from '@mantine/hooks';
import { Modal } from '../../../components/modal';
import { RegistrationForm } from './registration-form';

interface RegistrationDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The registration form as a dialog; full screen on phones, where a long form needs the whole height. */
export function RegistrationDialog({ opened, onClose }: RegistrationDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registrer deg som budgiver"
      size="lg"
      fullScreen={isPhone}
    >
      <RegistrationForm onCancel={onClose} />
    </Modal>
  );
}
