import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { EditListingDialog } from './edit-listing-dialog';
import { isRoundOpen } from './round-badges';

/**
 * 'Endre annonsen' with its dialog (decision 046): for the owner and admins while the round is
 * open; nothing for anyone else, or once it has ended (the server answers 409 then).
 */
export function EditListingButton({ round }: { round: BidRoundView }) {
  const now = useNow(5000);
  const { user } = useCurrentUser();
  const [opened, { open, close }] = useDisclosure(false);
  if (!(round.isOwner || user?.isAdmin) || !isRoundOpen(round, now)) return null;
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={open}
        style={{ alignSelf: 'flex-start' }}
      >
        Endre annonsen
      </Button>
      <EditListingDialog round={round} opened={opened} onClose={close} />
    </>
  );
}
