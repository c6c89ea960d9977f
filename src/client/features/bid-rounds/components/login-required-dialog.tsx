import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../../components/modal';
import { openDialog } from '../../../lib/window-events';

interface LoginRequiredDialogProps {
  opened: boolean;
  /** The round the visitor clicked: where they land after logging in. */
  returnTo?: string;
  onClose: () => void;
}

/** A visitor clicked a round: explain why they must log in, and offer to. */
export function LoginRequiredDialog({ opened, returnTo, onClose }: LoginRequiredDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Logg inn for å se budrunden" centered>
      <Text>Du må være innlogget for å delta i budrunder og se buddetaljer.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Avbryt
        </Button>
        <Button
          onClick={() => {
            onClose();
            openDialog('openLogin', { returnTo });
          }}
        >
          Logg inn
        </Button>
      </Group>
    </Modal>
  );
}
