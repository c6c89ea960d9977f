import { Button, FileInput, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { checkImageFile, UploadError, uploadPropertyImage } from '../api/upload-image';

interface ImageUploadProps {
  /** The uploaded image's /objects/ path, or null. */
  value: string | null;
  onChange: (objectPath: string | null) => void;
}

const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** One JPG or PNG of at most 10 MB, uploaded at once and shown as a preview; removable before submit. */
export function ImageUpload({ value, onChange }: ImageUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A newer choice (or removal) makes an older upload's result irrelevant.
  const attempt = useRef(0);

  const fail = (title: string, message: string) => {
    setFile(null);
    setError(message);
    showToast({ title, message, variant: 'destructive' });
  };

  const remove = () => {
    attempt.current++;
    setFile(null);
    setError(null);
    setUploading(false);
    onChange(null);
  };

  const pick = async (picked: File | null) => {
    if (!picked) return remove();
    const problem = checkImageFile(picked);
    if (problem) return fail('Feil ved opplasting', problem);
    const current = ++attempt.current;
    setFile(picked);
    setError(null);
    setUploading(true);
    onChange(null);
    try {
      const objectPath = await uploadPropertyImage(picked);
      if (current !== attempt.current) return;
      onChange(objectPath);
      showToast({ title: 'Bilde lastet opp', message: `${picked.name} er klart til bruk.` });
    } catch (caught) {
      if (current !== attempt.current) return;
      const problem =
        caught instanceof UploadError
          ? caught
          : new UploadError('Feil ved opplasting', 'Kunne ikke laste opp bildet');
      fail(problem.title, problem.message);
    } finally {
      if (current === attempt.current) setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      <FileInput
        label="Bilde av eiendommen (valgfritt)"
        description="Ett bilde, JPG eller PNG, maks 10 MB"
        placeholder="Velg bilde"
        accept="image/jpeg,image/png"
        value={file}
        onChange={pick}
        disabled={uploading}
        error={error}
        leftSection={<IconPhoto size={18} aria-hidden />}
        styles={PLACEHOLDER_STYLES}
      />
      {uploading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Laster opp bildet …</Text>
        </Group>
      ) : null}
      {value && !uploading ? (
        <Stack gap="xs" align="flex-start">
          <Image
            src={value}
            alt="Forhåndsvisning av bildet"
            h={160}
            w="auto"
            maw="100%"
            fit="contain"
            radius="sm"
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={remove}
          >
            Fjern bilde
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
