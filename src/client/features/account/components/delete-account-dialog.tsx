import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/use-account-actions';

const REDIRECT_AFTER_DELETE_MS = 2000;

export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        showToast({ title: 'Konto slettet', message: 'Kontoen og personopplysningene dine er slettet.' });
        onClose();
        setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_DELETE_MS);
      },
      onError: (error) =>
        showToast({ title: 'Kunne ikke slette konto', message: error.message, variant: 'destructive' }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Slette kontoen din?" centered>
      <Stack gap="sm">
        <Text>Dette kan ikke angres.</Text>
        <List size="sm" spacing={4}>
          <List.Item>Navn, e-post, telefon, adresse og bankopplysninger slettes.</List.Item>
          <List.Item>Du logges ut overalt, og du slutter å følge budrunder.</List.Item>
          <List.Item>
            Bud du har lagt inn er bindende og blir stående i budjournalene, uten navnet ditt.
          </List.Item>
        </List>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            Slett kontoen min
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
