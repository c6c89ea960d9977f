import { useEffect, useRef, useState } from 'react';
import { MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE } from '../../../../shared/rules/round-edits';
import { showToast } from '../../../lib/toast';
import { checkImageFile, UploadError, uploadPropertyImage } from '../api/upload-image';

/** A file on its way up: its place in the batch ('bilde 2 av 3') and how much of it has been sent. */
export interface PendingUpload {
  key: number;
  name: string;
  number: number;
  total: number;
  progress: number;
}

/** A file that was refused, by the form's own check or by the server, with the reason in Norwegian. */
export interface FailedUpload {
  key: number;
  name: string;
  message: string;
}

let nextKey = 0;

/**
 * Uploads the chosen files one after the other (the server re-encodes each, and the order they were
 * chosen in is the order they are added in), appending each photo's path as it is stored. Files over the
 * 30-photo limit, of the wrong type or too large are refused here, each with its own message.
 */
export function usePhotoUploads(photos: string[], onChange: (photos: string[]) => void) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [failed, setFailed] = useState<FailedUpload[]>([]);
  // The latest list, also between an onChange and the parent's next render, so no finished upload is lost.
  const latest = useRef(photos);
  latest.current = photos;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const progressOf = (key: number, progress: number) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p)));

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    const room = MAX_ROUND_PHOTOS - latest.current.length - pending.length;
    const refused: FailedUpload[] = [];
    const accepted: { file: File; key: number }[] = [];
    for (const file of files) {
      const problem = accepted.length >= room ? TOO_MANY_PHOTOS_MESSAGE : checkImageFile(file);
      if (problem) refused.push({ key: nextKey++, name: file.name, message: problem });
      else accepted.push({ file, key: nextKey++ });
    }
    setFailed(refused);
    const batch = accepted.map(({ file, key }, i) => ({
      key,
      name: file.name,
      number: i + 1,
      total: accepted.length,
      progress: 0,
    }));
    setPending((list) => [...list, ...batch]);
    const stored: string[] = [];
    for (const { file, key } of accepted) {
      try {
        const path = await uploadPropertyImage(
          file,
          (fraction) => mounted.current && progressOf(key, fraction),
        );
        if (!mounted.current) return;
        latest.current = [...latest.current, path];
        onChange(latest.current);
        stored.push(file.name);
      } catch (caught) {
        const message = caught instanceof UploadError ? caught.message : 'Kunne ikke laste opp bildet';
        refused.push({ key, name: file.name, message });
        if (mounted.current) setFailed([...refused]);
      } finally {
        if (mounted.current) setPending((list) => list.filter((p) => p.key !== key));
      }
    }
    if (!mounted.current) return;
    if (stored.length > 0)
      showToast(
        stored.length === 1
          ? { title: 'Bilde lastet opp', message: `${stored[0]} er klart til bruk.` }
          : { title: `${stored.length} bilder lastet opp`, message: 'Bildene er klare til bruk.' },
      );
    const [first] = refused;
    if (first)
      showToast({
        title: 'Feil ved opplasting',
        message: refused.length === 1 ? first.message : `${refused.length} filer ble ikke lastet opp`,
        variant: 'destructive',
      });
  };

  return { pending, failed, add };
}
