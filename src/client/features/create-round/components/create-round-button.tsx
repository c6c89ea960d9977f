import { Button, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useHydrated } from '../../../lib/use-hydrated';
import { CreateRoundDialog } from './create-round-dialog';

/**
 * 'Opprett ny budrunde' with its dialog. On the server-rendered first paint it is disabled until the page
 * works, as the forms are (docs/decisions/060-forms-before-ready-and-their-errors.md): a tap then would be lost.
 */
export function CreateRoundButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const ready = useHydrated();
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open} disabled={!ready}>
        Opprett ny budrunde
        {ready ? null : <VisuallyHidden>Laster …</VisuallyHidden>}
      </Button>
      <CreateRoundDialog opened={opened} onClose={close} />
    </>
  );
}
