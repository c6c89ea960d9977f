import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { lazyPart } from '../../../components/lazy-part';
import { Modal } from '../../../components/modal';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { isRoundOpen } from '../../bid-rounds/components/round-badges';

// The uploader is loaded when the dialog first opens: the round page every buyer reads does not carry it.
const EditPhotosForm = lazyPart(
  () => import('./edit-photos-form'),
  (m) => m.EditPhotosForm,
);

/** 'Endre bilder': the owner's (or an admin's) photos of an open round, after publishing (decision 043). */
export function EditPhotosButton({ round }: { round: BidRoundView }) {
  const [opened, setOpened] = useState(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const now = useNow(5000);
  const { user } = useCurrentUser();
  // As 'Endre annonsen': the owner and admins, while the round is open (the server answers 409 after).
  if (!(round.isOwner || user?.isAdmin) || !isRoundOpen(round, now)) return null;
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconPhoto size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Endre bilder
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Endre bilder"
        size="lg"
        fullScreen={isPhone}
        centered={!isPhone}
      >
        <EditPhotosForm round={round} onDone={() => setOpened(false)} />
      </Modal>
    </>
  );
}
