import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { ValidationError } from '../../errors';
import { LocalStorage } from '../../storage/local-storage';
import { isValidObjectKey } from '../../storage/storage';
import { MAX_IMAGE_BYTES, storePropertyImage } from './image-processing';

const PATH = /^\/objects\/property-images\/[0-9a-f-]{36}\.(jpg|png)$/;
const root = mkdtempSync(join(tmpdir(), 'budrunde-images-'));
const storage = new LocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
// A flat colour compresses even a huge canvas to well under 10 MB, so only its pixel size can refuse it.
const bigPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
const smallJpeg = () => canvas(40, 20).jpeg().toBuffer();

/** Stores the bytes and reads the result back through the storage. */
async function storeAndRead(bytes: Buffer) {
  const path = await storePropertyImage(storage, bytes);
  expect(path).toMatch(PATH);
  const stored = await storage.get(path.replace('/objects/', ''));
  if (!stored) throw new Error(`nothing stored for ${path}`);
  return { path, ...stored, meta: await sharp(stored.bytes).metadata() };
}

const storedCount = () =>
  existsSync(join(root, 'property-images')) ? readdirSync(join(root, 'property-images')).length : 0;

async function refusal(bytes: Buffer): Promise<string> {
  const before = storedCount();
  const error = await storePropertyImage(storage, bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(storedCount()).toBe(before);
  return (error as ValidationError).message;
}

describe('storePropertyImage: accepted pictures', () => {
  it('a JPEG is re-encoded without its EXIF and GPS data', async () => {
    const input = await noisy(400, 300)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Kari Nordmann', Make: 'Canon' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSMapDatum: 'WGS-84' },
      })
      .toBuffer();
    const inputExif = (await sharp(input).metadata()).exif?.toString('latin1') ?? '';
    expect(inputExif).toContain('Kari Nordmann');
    expect(inputExif).toContain('WGS-84');

    const out = await storeAndRead(input);
    expect(out.path).toMatch(/\.jpg$/);
    expect(out.contentType).toBe('image/jpeg');
    expect(out.meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(out.meta.exif).toBeUndefined();
    expect(out.meta.xmp).toBeUndefined();
    expect(out.bytes.toString('latin1')).not.toContain('Kari Nordmann');
    expect(out.bytes.toString('latin1')).not.toContain('WGS-84');
  });

  it('a PNG stays a PNG', async () => {
    const out = await storeAndRead(await canvas(30, 50).png().toBuffer());
    expect(out.path).toMatch(/\.png$/);
    expect(out.contentType).toBe('image/png');
    expect(out.meta).toMatchObject({ format: 'png', width: 30, height: 50 });
  });

  it('a photo with EXIF orientation 6 comes out upright', async () => {
    // Red left half, blue right half; orientation 6 means "turn 90° clockwise to view".
    const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const input = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, width: 40, height: 20 });

    const out = await storeAndRead(input);
    expect(out.meta).toMatchObject({ width: 20, height: 40 });
    expect(out.meta.orientation).toBeUndefined();
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topR = 0, , topB = 0] = pixel(10, 5);
    const [bottomR = 0, , bottomB = 0] = pixel(10, 35);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('a large picture is scaled down to at most 2400 pixels', async () => {
    const out = await storeAndRead(await canvas(3000, 1000).png().toBuffer());
    expect(out.meta).toMatchObject({ width: 2400, height: 800 });
  });

  it('every upload gets its own key', async () => {
    const bytes = await smallJpeg();
    const first = await storePropertyImage(storage, bytes);
    const second = await storePropertyImage(storage, bytes);
    expect(first).not.toBe(second);
  });
});

describe('storePropertyImage: refused files', () => {
  it.each([
    ['a GIF', () => canvas(20, 20).gif().toBuffer(), 'Bare JPG- og PNG-bilder er tillatt'],
    ['a WebP', () => canvas(20, 20).webp().toBuffer(), 'Bare JPG- og PNG-bilder er tillatt'],
    [
      'random bytes',
      async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 251)),
      'Bare JPG- og PNG-bilder er tillatt',
    ],
    [
      'a text file named bilde.jpg',
      async () => Buffer.from('Dette er ikke et bilde.\n'.repeat(100)),
      'Bare JPG- og PNG-bilder er tillatt',
    ],
    ['an empty file', async () => Buffer.alloc(0), 'Filen er tom'],
    [
      'a file over 10 MB',
      async () => {
        const jpeg = await smallJpeg();
        return Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
      },
      'Bildet er større enn 10 MB',
    ],
    [
      'a PNG 10001 pixels wide',
      () => canvas(10001, 10).png().toBuffer(),
      'Bildet er for stort. Største tillatte bredde og høyde er 10000 piksler.',
    ],
    [
      'a PNG 10001 pixels high',
      () => canvas(10, 10001).png().toBuffer(),
      'Bildet er for stort. Største tillatte bredde og høyde er 10000 piksler.',
    ],
    [
      'a JPEG cut off inside its header',
      async () => (await noisy(400, 300).jpeg().toBuffer()).subarray(0, 120),
      'Bildet kunne ikke leses',
    ],
    [
      'a JPEG cut off inside its image data',
      async () => {
        const jpeg = await noisy(400, 300).jpeg().toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      'Bildet kunne ikke leses',
    ],
    [
      'a PNG cut off inside its image data',
      async () => {
        const png = await noisy(400, 300).png().toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
      'Bildet kunne ikke leses',
    ],
  ])('%s', async (_name, make, message) => {
    expect(await refusal(await make())).toBe(message);
  });
});

describe('storePropertyImage: pictures with too many pixels', () => {
  // sharp's own pixel limit refuses these before the width and height are compared; the user must still
  // hear what is wrong, not that the picture could not be read.
  it.each([
    [16000, 16000],
    [10001, 10001],
  ])('a %i × %i PNG under 10 MB gets the size message', async (width, height) => {
    const bytes = await bigPng(width, height);
    expect(bytes.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(await refusal(bytes)).toBe(
      'Bildet er for stort. Største tillatte bredde og høyde er 10000 piksler.',
    );
  });
});

describe('isValidObjectKey', () => {
  it.each(['property-images/abc-123.jpg', 'property-images/abc-123.png'])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });

  it.each([
    '../x.jpg',
    'a/../../b.jpg',
    'property-images/../x.jpg',
    'property-images/x.gif',
    'property-images/x.jpg.exe',
    'a/b/c.jpg',
    '/etc/x.jpg',
    'property-images\\x.jpg',
    'Property-Images/X.JPG',
    'property-images/.jpg',
    '',
  ])('refuses %j', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });
});

describe('GET /objects/:folder/:file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a stored image with safe, long-lived caching headers', async () => {
    const path = await storePropertyImage(t.deps.storage, await smallJpeg());
    const res = await t.request({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    const stored = await t.deps.storage.get(path.replace('/objects/', ''));
    expect(res.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('serves a PNG as image/png', async () => {
    const path = await storePropertyImage(t.deps.storage, await canvas(10, 10).png().toBuffer());
    const res = await t.request({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('an unknown key is a JSON 404', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/objects/property-images/00000000-0000-4000-8000-000000000000.jpg',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Bildet finnes ikke' });
  });

  it.each([
    '/objects/..%2F..%2Fetc/passwd',
    '/objects/..%2F/secret.jpg',
    '/objects/..%2Fobjects%2F..%2F/secret.jpg',
    '/objects/property-images%2F..%2F../secret.jpg',
  ])('a traversal attempt %s reaches the route and is a 404', async (url) => {
    // A real file just outside the storage root, which a traversal would reach.
    writeFileSync(join(t.deps.env.DATA_DIR, 'secret.jpg'), 'HEMMELIG');
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Bildet finnes ikke' });
    expect(res.body).not.toContain('HEMMELIG');
    expect(res.body).not.toContain('root:');
  });
});
