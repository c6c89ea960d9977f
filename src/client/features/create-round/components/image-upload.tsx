import { Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { MAX_ROUND_PHOTOS } from '../../../../shared/rules/round-edits';
import { PhotoThumbnails } from './photo-thumbnails';
import { usePhotoUploads } from './use-photo-uploads';

interface ImageUploadProps {
  /** The stored photos' /objects/ paths, in order; the first is the cover. */
  value: string[];
  onChange: (photos: string[]) => void;
  /** Told whether files are still on their way up, so that the form waits for them. */
  onBusyChange?: (busy: boolean) => void;
  error?: React.ReactNode;
  label?: string;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Up to 30 JPG or PNG photos of at most 10 MB each, chosen or dropped several at a time, each uploaded with
 * its own progress bar and shown as a thumbnail to order or remove (decision 043). Used by the create form
 * and by the owner's 'Endre bilder'.
 */
export function ImageUpload({
  value,
  onChange,
  onBusyChange,
  error,
  label = 'Bilder av eiendommen (valgfritt)',
}: ImageUploadProps) {
  const { pending, failed, add } = usePhotoUploads(value, onChange);
  const [dropping, setDropping] = useState(false);
  const resetInput = useRef<() => void>(null);
  const busy = pending.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={700} component="h3" m={0}>
          {label}
        </Text>
        <Text size="xs" c="gray.7">
          Opptil {MAX_ROUND_PHOTOS} bilder, JPG eller PNG, maks 10 MB hvert. Det første er forsidebildet.
        </Text>
      </div>
      <Box
        p="sm"
        data-testid="photo-drop-zone"
        onDragOver={(event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDropping(false);
          void add([...event.dataTransfer.files]);
        }}
        style={{
          border: `1px dashed var(--mantine-color-${dropping ? 'blue-6' : 'gray-5'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: dropping ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Group gap="sm" wrap="wrap">
          <FileButton
            multiple
            accept="image/jpeg,image/png"
            resetRef={resetInput}
            onChange={(files) => {
              void add(files);
              resetInput.current?.();
            }}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={18} aria-hidden />}>
                Velg bilder
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="gray.7">
            eller slipp dem her
          </Text>
        </Group>
      </Box>
      {pending.map((upload) => (
        <Stack key={upload.key} gap={2}>
          <Text size="xs" truncate="end">
            {upload.name}
          </Text>
          <Progress
            value={Math.round(upload.progress * 100)}
            aria-label={`Laster opp bilde ${upload.number} av ${upload.total}`}
          />
        </Stack>
      ))}
      {failed.length > 0 ? (
        <Stack gap={2} role="alert">
          {failed.map((f) => (
            <Text key={f.key} size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {f.name}: {f.message}
            </Text>
          ))}
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
      <PhotoThumbnails photos={value} onChange={onChange} />
    </Stack>
  );
}
