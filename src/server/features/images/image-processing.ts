import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth, photoSizeUrl } from '../../../shared/format/photo-sizes';
import { ValidationError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 10000;
// Larger photos are scaled down: nobody needs more on a card, and it keeps pages light.
const OUTPUT_MAX_SIDE = 2400;

export const PROPERTY_IMAGE_FOLDER = 'property-images';
const TOO_LARGE = `Bildet er for stort. Største tillatte bredde og høyde er ${MAX_IMAGE_SIDE} piksler.`;
// sharp refuses to open a picture over limitInputPixels with this error, before any width check can run.
const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /exceeds pixel limit/i.test(error.message);

const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks the bytes (not the name or the claimed type), re-encodes the picture, which drops EXIF and GPS,
 * and stores it as `property-images/<objectId>.<jpg|png>`, with its smaller sizes beside it
 * (`<objectId>-480w.jpg` …, photo-sizes.ts). The id comes from a signed upload link, or is made here.
 * Returns the public path under /objects/.
 */
export async function storePropertyImage(
  storage: ObjectStorage,
  bytes: Buffer,
  objectId: string = randomUUID(),
): Promise<string> {
  if (!OBJECT_ID.test(objectId)) throw new Error(`invalid object id: ${objectId}`);
  if (bytes.length === 0) throw new ValidationError('Filen er tom');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ValidationError('Bildet er større enn 10 MB');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') {
    throw new ValidationError('Bare JPG- og PNG-bilder er tillatt');
  }
  let image: Sharp;
  try {
    image = sharp(bytes, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'error' });
    const meta = await image.metadata();
    if ((meta.width ?? 0) > MAX_IMAGE_SIDE || (meta.height ?? 0) > MAX_IMAGE_SIDE) {
      throw new ValidationError(TOO_LARGE);
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (isPixelLimitError(error)) throw new ValidationError(TOO_LARGE);
    throw new ValidationError('Bildet kunne ikke leses');
  }
  // rotate() applies the EXIF orientation before the metadata is dropped, so photos stay upright.
  const pipeline = image
    .rotate()
    .resize(OUTPUT_MAX_SIDE, OUTPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  const isPng = type.mime === 'image/png';
  let output: Buffer;
  try {
    // The header can be fine while the pixel data is cut off; only decoding finds that out.
    output = await encode(pipeline, isPng);
  } catch (error) {
    if (isPixelLimitError(error)) throw new ValidationError(TOO_LARGE);
    throw new ValidationError('Bildet kunne ikke leses');
  }
  const key = `${PROPERTY_IMAGE_FOLDER}/${objectId}.${isPng ? 'png' : 'jpg'}`;
  const contentType = isPng ? 'image/png' : 'image/jpeg';
  // The sizes first: the original's presence is what says an upload is done (upload.service.ts), so an
  // upload cut off half-way leaves no photo whose sizes are missing.
  for (const size of await smallerSizes(output, isPng)) {
    await storage.put(photoSizeUrl(key, size.width), size.bytes, contentType);
  }
  await storage.put(key, output, contentType);
  return `/objects/${key}`;
}

/**
 * The sizes narrower than the stored picture, in its own format. A size as wide as the picture or wider
 * is not made: it would be the same picture again, and the route answers for it with the original.
 */
async function smallerSizes(picture: Buffer, isPng: boolean) {
  const { width = 0 } = await sharp(picture).metadata();
  const sizes: { width: PhotoWidth; bytes: Buffer }[] = [];
  for (const target of PHOTO_WIDTHS.filter((w) => w < width)) {
    const resized = sharp(picture).resize({ width: target, withoutEnlargement: true });
    sizes.push({ width: target, bytes: await encode(resized, isPng) });
  }
  return sizes;
}

const encode = (image: Sharp, isPng: boolean) =>
  isPng
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
