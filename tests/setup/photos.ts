import sharp from 'sharp';
import { storePropertyImage } from '../../src/server/features/images/image-processing';
import type { TestApp } from './test-app';

/** `count` small photos stored as an upload stores them, each a different colour; their /objects/ paths. */
export async function storedPhotos(t: Pick<TestApp, 'deps'>, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: (i * 47) % 256, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    paths.push(await storePropertyImage(t.deps.storage, bytes));
  }
  return paths;
}

/** PUT /api/bid-rounds/{id}/photos. */
export function putPhotos(t: TestApp, cookie: string | undefined, roundId: string, imageUrls: string[]) {
  return t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/photos`,
    cookie,
    payload: { imageUrls },
  });
}

/**
 * An upload's three calls, as the create form makes them (a signed link, the bytes to it, the link
 * registered); the link and the /objects/ path the round stores. Throws on any answer but 200.
 */
export async function uploadPhoto(
  t: Pick<TestApp, 'request'>,
  cookie: string,
  bytes: Buffer,
): Promise<{ uploadURL: string; objectPath: string }> {
  const { uploadURL } = (await t.request({ method: 'POST', url: '/api/objects/upload', cookie })).json();
  const put = await t.request({
    method: 'PUT',
    url: uploadURL,
    cookie,
    headers: { 'content-type': 'image/jpeg' },
    payload: bytes,
  });
  if (put.statusCode !== 200) throw new Error(`upload refused: ${put.statusCode} ${put.body}`);
  const registered = await t.request({
    method: 'PUT',
    url: '/api/property-images',
    cookie,
    payload: { imageURL: uploadURL },
  });
  if (registered.statusCode !== 200)
    throw new Error(`registration refused: ${registered.statusCode} ${registered.body}`);
  return { uploadURL, objectPath: (registered.json() as { objectPath: string }).objectPath };
}
