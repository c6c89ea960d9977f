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
