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

async function messageOf(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** SPEC §7 "Images": get an upload URL, PUT the bytes there, then register the image. Returns its /objects/ path. */
export async function uploadPropertyImage(file: File): Promise<string> {
  let uploadURL: string;
  try {
    ({ uploadURL } = await apiJson<{ uploadURL: string }>('POST', '/api/objects/upload'));
    if (!uploadURL) throw new Error('no uploadURL');
  } catch {
    throw new UploadError('Feil ved opplasting', 'Kunne ikke få upload-URL fra server');
  }

  let res: Response;
  try {
    res = await fetch(uploadURL, {
      method: 'PUT',
      body: file,
      credentials: 'include',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    });
  } catch {
    throw new UploadError('Feil ved opplasting', 'Kunne ikke laste opp bildet. Sjekk nettforbindelsen.');
  }
  if (!res.ok) {
    throw new UploadError('Feil ved opplasting', (await messageOf(res)) ?? 'Kunne ikke laste opp bildet');
  }

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
