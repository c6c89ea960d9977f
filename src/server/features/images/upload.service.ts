import { PHOTO_WIDTHS, photoSizeUrl } from '../../../shared/format/photo-sizes';
import { MAX_ROUND_PHOTOS } from '../../../shared/rules/round-edits';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, Conflict, Forbidden, ValidationError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { MAX_IMAGE_BYTES, PROPERTY_IMAGE_FOLDER, storePropertyImage } from './image-processing';
import { notePhotoUpload, takePhotoUploadsOlderThan } from './photo-uploads.repository';
import {
  createUploadLink,
  isExpired,
  isSignedFor,
  parseUploadUrl,
  type UploadLink,
  uploadUrlOf,
} from './upload-links';

type UploadDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'storage' | 'limiter'>;

export const INVALID_LINK_MESSAGE = 'Ugyldig eller utløpt opplastingslenke';
export const IMAGE_NOT_FOUND_MESSAGE = 'Fant ikke bildet. Last opp på nytt.';
export const TOO_LARGE_MESSAGE = 'Bildet er større enn 10 MB';
const UPLOADS_PER_HOUR = 2 * MAX_ROUND_PHOTOS;

const PROPERTY_IMAGE_PATH =
  /^(?:\/objects\/)?(property-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png))$/;

/** Step 1: a short-lived link that lets this user upload one image. Nothing is stored. */
export async function requestUpload(
  { env, clock, limiter }: UploadDeps,
  userId: string,
): Promise<{ uploadURL: string }> {
  // Each upload may store up to 10 MB; a bound per user keeps one account from filling the disk. A round has
  // up to 30 photos (decision 043): room for all of them twice over, so a seller who retries is not stopped.
  await limiter.enforce(
    `upload:${userId}`,
    UPLOADS_PER_HOUR,
    60 * 60_000,
    'For mange opplastinger. Prøv igjen senere.',
  );
  return { uploadURL: uploadUrlOf(createUploadLink(env.SESSION_SECRET, userId, clock.now())) };
}

/** Refuses a link that is malformed, forged, someone else's, or expired. */
export function checkUploadLink(
  { env, clock }: UploadDeps,
  userId: string,
  link: UploadLink | null,
): UploadLink {
  if (!link || !isSignedFor(env.SESSION_SECRET, userId, link) || isExpired(link, clock.now())) {
    throw new Forbidden(INVALID_LINK_MESSAGE);
  }
  return link;
}

/** Step 2: the file's bytes through the image pipeline, stored under the link's id. */
export async function receiveUpload(
  deps: UploadDeps,
  userId: string,
  link: UploadLink | null,
  bytes: Buffer | undefined,
): Promise<{ objectPath: string }> {
  const { id } = checkUploadLink(deps, userId, link);
  const body = bytes ?? Buffer.alloc(0);
  if (body.length > MAX_IMAGE_BYTES) throw new AppError(413, TOO_LARGE_MESSAGE);
  // Stored images are cached as immutable, so a link uploads once and never replaces what it stored.
  if (await findStoredKey(deps.storage, id))
    throw new Conflict('Bildet er allerede lastet opp med denne lenken');
  // Noted first, so that no stored photo escapes the sweep of unused uploads (decision 048).
  await notePhotoUpload(deps.db, id);
  return { objectPath: await storePropertyImage(deps.storage, body, id) };
}

/**
 * Step 3: turns the upload URL (or an already normalised /objects/ path) into the path a round stores.
 * The link's signature must be this user's, but its age no longer matters: the upload happened in time.
 */
export async function registerPropertyImage(
  deps: UploadDeps,
  userId: string,
  imageURL: string,
): Promise<{ objectPath: string }> {
  const url = imageURL.trim();
  const path = PROPERTY_IMAGE_PATH.exec(url);
  if (path?.[1]) {
    if (await deps.storage.exists(path[1])) return { objectPath: `/objects/${path[1]}` };
    throw new ValidationError(IMAGE_NOT_FOUND_MESSAGE);
  }
  const link = parseUploadUrl(url, deps.env.APP_URL);
  const key =
    link && isSignedFor(deps.env.SESSION_SECRET, userId, link)
      ? await findStoredKey(deps.storage, link.id)
      : null;
  if (!key) throw new ValidationError(IMAGE_NOT_FOUND_MESSAGE);
  return { objectPath: `/objects/${key}` };
}

/**
 * Whether `path` (`/objects/property-images/<uuid>.<jpg|png>`, with or without `/objects/`) names an image
 * that was really uploaded. Round creation uses it to refuse made-up paths.
 */
export async function isStoredPropertyImage(storage: ObjectStorage, path: string): Promise<boolean> {
  const key = propertyImageKey(path);
  return key ? storage.exists(key) : false;
}

/** The storage key of a property image path, or null when the path is not one of ours. */
export function propertyImageKey(path: string): string | null {
  return PROPERTY_IMAGE_PATH.exec(path.trim())?.[1] ?? null;
}

/**
 * Takes the uploads older than `hours` (decision 048), each once, as the paths they may have become: both
 * `.jpg` and `.png`, as the extension follows the bytes. Whether a round shows them is the caller's to ask.
 */
export async function takeUploadsOlderThan(db: DbOrTx, hours: number): Promise<string[]> {
  const ids = await takePhotoUploadsOlderThan(db, hours);
  return ids.flatMap((id) => ['jpg', 'png'].map((ext) => `/objects/${PROPERTY_IMAGE_FOLDER}/${id}.${ext}`));
}

/** Every stored file of a property photo: the original and its sizes. Empty when the path is not ours. */
export function propertyPhotoKeys(path: string): string[] {
  const key = propertyImageKey(path);
  return key ? [key, ...PHOTO_WIDTHS.map((width) => photoSizeUrl(key, width))] : [];
}

// The extension follows the bytes, so an upload id may have become either.
async function findStoredKey(storage: ObjectStorage, id: string): Promise<string | null> {
  for (const ext of ['jpg', 'png']) {
    const key = `${PROPERTY_IMAGE_FOLDER}/${id}.${ext}`;
    if (await storage.exists(key)) return key;
  }
  return null;
}
