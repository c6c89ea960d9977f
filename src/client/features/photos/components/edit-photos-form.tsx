import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { showToast } from '../../../lib/toast';
import { ImageUpload } from '../../create-round/components/image-upload';
import { useSetPhotos } from '../api/use-set-photos';

/** The photos as they are, to add to, order and remove; nothing changes until 'Lagre bilder'. */
export function EditPhotosForm({ round, onDone }: { round: BidRoundView; onDone: () => void }) {
  const [photos, setPhotos] = useState(round.property.imageUrls);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSetPhotos(round.id);
  const submit = () =>
    save.mutate(photos, {
      onSuccess: () => {
        showToast({
          title: 'Bildene er lagret',
          message: `Bildene i «${round.property.title}» er oppdatert.`,
        });
        onDone();
      },
      onError: (caught) => setError(caught.message || 'Kunne ikke lagre bildene'),
    });
  return (
    <Stack gap="md">
      <ImageUpload
        label="Bilder av eiendommen"
        value={photos}
        onChange={(next) => {
          setError(null);
          setPhotos(next);
        }}
        onBusyChange={setUploading}
        error={error}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Avbryt
        </Button>
        <Button onClick={submit} loading={save.isPending || uploading}>
          Lagre bilder
        </Button>
      </Group>
    </Stack>
  );
}
