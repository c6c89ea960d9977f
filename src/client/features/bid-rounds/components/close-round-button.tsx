import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useCloseRound } from '../api/use-close-round';

/** 'Lukk budrunde' for the owner or an admin, behind an 'Er du sikker?' confirmation. */
export function CloseRoundButton({ roundId, title }: { roundId: string; title: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const closeRound = useCloseRound(roundId);
  const confirm = () =>
    closeRound.mutate(undefined, {
      onSuccess: () => {
        showToast({
          title: 'Budrunde lukket!',
          message: 'Budrunden er lukket, og budjournalen er opprettet.',
        });
        close();
      },
      onError: (error) => {
        showToast({
          title: 'Feil',
          message: error.message || 'Kunne ikke lukke budrunde',
          variant: 'destructive',
        });
        close();
      },
    });
  return (
    <>
      <Button variant="outline" color="red.9" onClick={open}>
        Lukk budrunde
      </Button>
      <Modal opened={opened} onClose={close} title="Er du sikker?" centered>
        <Text>
          Å lukke budrunden for «{title}» er permanent. Det opprettes en budjournal for alle deltakere, og
          handlingen kan ikke angres.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Avbryt
          </Button>
          <Button color="red.9" onClick={confirm} loading={closeRound.isPending}>
            Lukk budrunde
          </Button>
        </Group>
      </Modal>
    </>
  );
}
