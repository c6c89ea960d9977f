import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { putPhotos, storedPhotos } from '../../../../tests/setup/photos';
import { createRoundAs, inDays } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { PHOTO_WIDTHS, photoSizeUrl } from '../../../shared/format/photo-sizes';
import { TOO_MANY_PHOTOS_MESSAGE } from '../../../shared/rules/round-edits';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { properties } from '../../db/schema';
import { storePropertyImage } from '../images/image-processing';

const NOT_FOUND = 'Fant ikke bildet. Last opp på nytt.';
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInVerified(t, 'selger.bilder@example.no');
});
afterAll(() => t.close());

const propertyCount = async () => (await t.deps.db.select({ n: count() }).from(properties))[0]?.n ?? 0;
const postRound = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/bid-round',
    cookie: owner,
    payload: { title: 'Rekkehus', address: 'Bakken 3, 0150 Oslo', startingPrice: 3_000_000, ...payload },
  });
const getRound = async (id: string) =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${id}`, cookie: owner })).json() as BidRoundView;
const photoChanges = (round: BidRoundView) => round.changes.filter((c) => c.kind === 'photos').length;
/** Every file of a stored photo, the original and the sizes made of it, and whether each is still there. */
const filesOf = (path: string) =>
  Promise.all(
    [path, ...PHOTO_WIDTHS.map((w) => photoSizeUrl(path, w))].map((p) =>
      t.deps.storage.exists(p.replace('/objects/', '')),
    ),
  );
/** A photo wide enough to have its 480 and 960 px sizes. */
const widePhoto = async () =>
  storePropertyImage(
    t.deps.storage,
    await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#2f6f4f' } })
      .jpeg()
      .toBuffer(),
  );

describe('POST /api/bid-round with several photos', () => {
  it('stores them in the given order, the first as the cover', async () => {
    const photos = await storedPhotos(t, 3);
    const res = await postRound({ imageUrls: photos });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as BidRoundView;
    expect(created.property.imageUrls).toEqual(photos);
    expect(created.property.imageUrl).toBe(photos[0]);
    expect((await getRound(created.id)).property.imageUrls).toEqual(photos);
  });

  it('puts imageUrl first as the cover and keeps each photo once', async () => {
    const [a = '', b = '', c = ''] = await storedPhotos(t, 3);
    const created = (await postRound({ imageUrl: c, imageUrls: [a, b, c, a] })).json() as BidRoundView;
    expect(created.property.imageUrls).toEqual([c, a, b]);
    expect(created.property.imageUrl).toBe(c);
  });

  it('refuses 31 photos with the limit in the message, and stores nothing', async () => {
    const photos = await storedPhotos(t, 31);
    const before = await propertyCount();
    const listed = await postRound({ imageUrls: photos });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().message).toBe(TOO_MANY_PHOTOS_MESSAGE);
    // 30 in the list and a different cover are 31 photos too.
    const withCover = await postRound({ imageUrl: photos[30], imageUrls: photos.slice(0, 30) });
    expect(withCover.statusCode).toBe(400);
    expect(withCover.json().message).toBe(TOO_MANY_PHOTOS_MESSAGE);
    expect(await propertyCount()).toBe(before);
  });

  it('takes 30 photos', async () => {
    const res = await postRound({ imageUrls: await storedPhotos(t, 30) });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as BidRoundView).property.imageUrls).toHaveLength(30);
  });

  it('refuses a made-up path among the photos, and stores nothing', async () => {
    const [real = ''] = await storedPhotos(t, 1);
    const before = await propertyCount();
    for (const madeUp of [
      '/objects/property-images/00000000-0000-4000-8000-000000000000.jpg',
      '/objects/financing-proofs/00000000-0000-4000-8000-000000000000.pdf',
      'https://example.com/hus.jpg',
    ]) {
      const res = await postRound({ imageUrls: [real, madeUp] });
      expect(res.statusCode, madeUp).toBe(400);
      expect(res.json().message).toBe(NOT_FOUND);
    }
    expect(await propertyCount()).toBe(before);
  });
});

describe('PUT /api/bid-rounds/{id}/photos', () => {
  it('sets the order, answers with the round, and records one change', async () => {
    const [a = '', b = '', c = ''] = await storedPhotos(t, 3);
    const round = await createRoundAs(t, owner, { imageUrls: [a, b], deadline: inDays(3) });
    const res = await putPhotos(t, owner, round.id, [c, a, b]);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as BidRoundView;
    expect(answered).toEqual(await getRound(round.id));
    expect(answered.property.imageUrls).toEqual([c, a, b]);
    expect(answered.property.imageUrl).toBe(c);
    expect(photoChanges(answered)).toBe(1);
    expect(answered.changes.at(-1)).toMatchObject({ kind: 'photos', byAdmin: false });
  });

  it('records nothing when the list is the same, and keeps each photo once', async () => {
    const [a = '', b = ''] = await storedPhotos(t, 2);
    const round = await createRoundAs(t, owner, { imageUrls: [a, b] });
    const same = (await putPhotos(t, owner, round.id, [a, b, a])).json() as BidRoundView;
    expect(same.property.imageUrls).toEqual([a, b]);
    expect(photoChanges(same)).toBe(0);
  });

  it('takes every photo away, leaving no cover', async () => {
    const round = await createRoundAs(t, owner, { imageUrls: await storedPhotos(t, 2) });
    const res = await putPhotos(t, owner, round.id, []);
    expect(res.statusCode).toBe(200);
    expect((res.json() as BidRoundView).property).toMatchObject({ imageUrls: [], imageUrl: null });
  });

  it('refuses 31 photos and made-up paths, and changes nothing', async () => {
    const photos = await storedPhotos(t, 31);
    const round = await createRoundAs(t, owner, { imageUrls: photos.slice(0, 2) });
    const tooMany = await putPhotos(t, owner, round.id, photos);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(TOO_MANY_PHOTOS_MESSAGE);
    const madeUp = await putPhotos(t, owner, round.id, [
      photos[0] ?? '',
      '/objects/property-images/00000000-0000-4000-8000-000000000000.png',
    ]);
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ message: NOT_FOUND, errors: [{ path: 'imageUrls.1' }] });
    const after = await getRound(round.id);
    expect(after.property.imageUrls).toEqual(photos.slice(0, 2));
    expect(photoChanges(after)).toBe(0);
  });

  it('deletes a photo taken out, with its sizes, unless another round shows it', async () => {
    const [kept, removed, shared] = [await widePhoto(), await widePhoto(), await widePhoto()];
    expect(await filesOf(removed)).toEqual([true, true, true, false]);
    const round = await createRoundAs(t, owner, { imageUrls: [kept, removed, shared] });
    await createRoundAs(t, owner, { imageUrl: shared });
    expect((await putPhotos(t, owner, round.id, [kept])).statusCode).toBe(200);
    await t.runJobs();
    expect(await filesOf(removed)).toEqual([false, false, false, false]);
    expect(await filesOf(shared)).toEqual([true, true, true, false]);
    expect(await filesOf(kept)).toEqual([true, true, true, false]);
  });

  it('keeps a photo put back in a round before its deletion ran', async () => {
    const [kept, moved] = [await widePhoto(), await widePhoto()];
    const round = await createRoundAs(t, owner, { imageUrls: [kept, moved] });
    expect((await putPhotos(t, owner, round.id, [kept])).statusCode).toBe(200);
    // A second tab puts it back before the queued deletion has run: it must stay.
    expect((await putPhotos(t, owner, round.id, [kept, moved])).statusCode).toBe(200);
    await t.runJobs();
    expect(await filesOf(moved)).toEqual([true, true, true, false]);
    expect((await getRound(round.id)).property.imageUrls).toEqual([kept, moved]);
  });
});

describe('deleting a round', () => {
  it('deletes every photo of it with its sizes, but not one another round shows', async () => {
    const admin = await signInAdmin(t, 'admin.bilder@example.no');
    const [own, shared] = [await widePhoto(), await widePhoto()];
    const round = await createRoundAs(t, owner, { imageUrls: [own, shared] });
    await createRoundAs(t, owner, { imageUrls: [shared] });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/bid-rounds/${round.id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Deleted by a job once the deletion commits, which asks again whether another round shows the photo.
    await t.runJobs();
    expect(await filesOf(own)).toEqual([false, false, false, false]);
    expect(await filesOf(shared)).toEqual([true, true, true, false]);
  });
});
