import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { CreateRoundDialog } from './create-round-dialog';

/** 'Opprett ny budrunde' with its dialog. */
export function CreateRoundButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Opprett ny budrunde
      </Button>
      <CreateRoundDialog opened={opened} onClose={close} />
    </>
  );
}
