import { apiJson } from '../../../lib/api';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ALLOWED_TYPES = ['image/jpeg', 'image/png'];

/** A failed step of the upload, with the toast that tells the user about it. */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** The quick check before anything is sent; the server checks the real bytes again. */
export function checkImageFile(file: File): string | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!(ALLOWED_TYPES.includes(file.type) || (!file.type && byName)))
    return 'Bare JPG- og PNG-bilder er tillatt';
  if (file.size > MAX_IMAGE_BYTES) return 'Bildet er større enn 10 MB';
  return null;
}

function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * The PUT of the bytes, through XMLHttpRequest: fetch() cannot tell how much of a body has been sent, and
 * each file shows its own progress bar. `onProgress` gets 0–1.
 */
function putFile(url: string, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      reject(
        new UploadError('Feil ved opplasting', messageOf(xhr.responseText) ?? 'Kunne ikke laste opp bildet'),
      );
    };
    xhr.onerror = () =>
      reject(new UploadError('Feil ved opplasting', 'Kunne ikke laste opp bildet. Sjekk nettforbindelsen.'));
    xhr.send(file);
  });
}

/**
 * SPEC §7 "Images": get an upload URL, PUT the bytes there, then register the image. Returns its /objects/
 * path. `onProgress` follows the PUT, 0–1.
 */
export async function uploadPropertyImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  let uploadURL: string;
  try {
    ({ uploadURL } = await apiJson<{ uploadURL: string }>('POST', '/api/objects/upload'));
    if (!uploadURL) throw new Error('no uploadURL');
  } catch {
    throw new UploadError('Feil ved opplasting', 'Kunne ikke få upload-URL fra server');
  }

  await putFile(uploadURL, file, onProgress);

  try {
    const { objectPath } = await apiJson<{ objectPath: string }>('PUT', '/api/property-images', {
      imageURL: uploadURL,
    });
    if (!objectPath) throw new Error('no objectPath');
    return objectPath;
  } catch {
    throw new UploadError('Feil ved bildebehandling', 'Bildet ble lastet opp men kunne ikke behandles');
  }
}
