import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { PHOTO_WIDTHS, photoSizeUrl } from '../../../shared/format/photo-sizes';
import { storePropertyImage } from './image-processing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
const get = (url: string) => t.request({ method: 'GET', url });
const keyOf = (path: string) => path.replace('/objects/', '');

describe('the sizes of a property photo', () => {
  it('a large JPEG gets each size, as a JPEG of that width, served under its own name', async () => {
    const path = await storePropertyImage(t.deps.storage, await picture(3000, 2000).jpeg().toBuffer());
    for (const width of PHOTO_WIDTHS) {
      const url = photoSizeUrl(path, width);
      expect(url).toMatch(new RegExp(`-${width}w\\.jpg$`));
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height: Math.round((width * 2) / 3) });
    }
    expect((await sharp((await get(path)).rawPayload).metadata()).width).toBe(2400);
  });

  it('a PNG’s sizes are PNGs', async () => {
    const path = await storePropertyImage(t.deps.storage, await picture(1000, 500).png().toBuffer());
    const res = await get(photoSizeUrl(path, 480));
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 480, height: 240 });
  });

  it('is never enlarged: a size as wide as the photo or wider is the original', async () => {
    const path = await storePropertyImage(t.deps.storage, await picture(960, 640).jpeg().toBuffer());
    expect(await t.deps.storage.exists(keyOf(photoSizeUrl(path, 480)))).toBe(true);
    for (const width of [960, 1600] as const) {
      expect(await t.deps.storage.exists(keyOf(photoSizeUrl(path, width)))).toBe(false);
      const res = await get(photoSizeUrl(path, width));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals((await get(path)).rawPayload)).toBe(true);
    }
  });

  it('a photo stored before sizes existed is answered with its original under every size', async () => {
    const path = await storePropertyImage(t.deps.storage, await picture(2000, 1000).jpeg().toBuffer());
    for (const width of PHOTO_WIDTHS) await t.deps.storage.delete(keyOf(photoSizeUrl(path, width)));
    const original = (await get(path)).rawPayload;
    for (const width of PHOTO_WIDTHS) {
      const res = await get(photoSizeUrl(path, width));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(original)).toBe(true);
    }
  });

  it('a size of a photo that does not exist is a 404, and other widths are not sizes', async () => {
    const missing = '/objects/property-images/00000000-0000-4000-8000-000000000000-480w.jpg';
    expect((await get(missing)).statusCode).toBe(404);
    const path = await storePropertyImage(t.deps.storage, await picture(600, 400).jpeg().toBuffer());
    expect((await get(path.replace('.jpg', '-500w.jpg'))).statusCode).toBe(404);
    expect((await get(path.replace('.jpg', '-480w.png'))).statusCode).toBe(404);
  });
});
