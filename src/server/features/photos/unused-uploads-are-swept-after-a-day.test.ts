import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { putPhotos, uploadPhoto } from '../../../../tests/setup/photos';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { silentLogger } from '../../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { PHOTO_WIDTHS, photoSizeUrl } from '../../../shared/format/photo-sizes';
import { photoUploads } from '../../db/listing-schema';
import { periodicTasks } from '../../jobs/periodic-tasks';

// Decision 048: a photo uploaded for a round that was never created, or taken out of one before it was
// published, is deleted a day after its upload, with its sizes; a photo a round shows stays, whether it
// went in at once or was put back after being taken out.

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInVerified(t, 'selger.opplasting@example.no');
});
afterAll(() => t.close());

/** A photo of `colour`, wide enough for its 480 and 960 px sizes, uploaded as the create form does. */
async function upload(colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 1000, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return (await uploadPhoto(t, owner, bytes)).objectPath;
}

/** Whether each file of a photo is stored: the original and its 480 and 960 px sizes. */
const filesOf = (path: string) =>
  Promise.all(
    [path, ...PHOTO_WIDTHS.filter((w) => w < 1000).map((w) => photoSizeUrl(path, w))].map((p) =>
      t.deps.storage.exists(p.replace('/objects/', '')),
    ),
  );
const served = async (path: string) => (await t.request({ method: 'GET', url: path })).statusCode;

/** As if the uploads were made `hours` ago, by the database's clock, which the sweep reads. */
const ageUploads = (hours: number) =>
  t.deps.db.update(photoUploads).set({ uploadedAt: sql`now() - make_interval(hours => ${hours})` });

async function sweep() {
  const task = periodicTasks(t.deps, silentLogger).find((c) => c.name === 'delete-unused-photo-uploads');
  if (!task) throw new Error('no sweep of unused uploads');
  await task.run();
  await t.runJobs();
}

describe('photos uploaded but never shown in a round', () => {
  it('are deleted with their sizes a day after upload; those a round shows stay', async () => {
    const cover = await upload('#2f6f4f');
    const putBack = await upload('#a03030');
    const abandoned = await upload('#3050a0');
    const takenOut = await upload('#c0a020');
    const round = await createRoundAs(t, owner, { imageUrl: cover, imageUrls: [cover, putBack, takenOut] });
    expect((await putPhotos(t, owner, round.id, [cover])).statusCode).toBe(200);
    expect((await putPhotos(t, owner, round.id, [cover, putBack])).statusCode).toBe(200);
    await t.runJobs();
    // 'Fjern' before the round was created never reached the server: the abandoned photo is still stored.
    expect(await filesOf(abandoned)).toEqual([true, true, true]);

    // Younger than a day: nothing is judged yet.
    await ageUploads(23);
    await sweep();
    expect(await filesOf(abandoned)).toEqual([true, true, true]);
    expect(await t.deps.db.$count(photoUploads)).toBe(4);

    await ageUploads(25);
    await sweep();
    expect(await filesOf(abandoned)).toEqual([false, false, false]);
    expect(await served(abandoned)).toBe(404);
    expect(await filesOf(takenOut)).toEqual([false, false, false]);
    for (const kept of [cover, putBack]) {
      expect(await filesOf(kept)).toEqual([true, true, true]);
      expect(await served(kept)).toBe(200);
    }
    // Each upload is judged once: the rows are gone, and a later sweep has nothing to do.
    expect(await t.deps.db.$count(photoUploads)).toBe(0);
  });

  it('a photo registered a day ago and put in a round now is kept, as photos:delete asks when it runs', async () => {
    const late = await upload('#606060');
    await ageUploads(25);
    const round = await createRoundAs(t, owner, { imageUrl: late, imageUrls: [late] });
    await sweep();
    expect(await filesOf(late)).toEqual([true, true, true]);
    const view = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: owner })
    ).json();
    expect(view.property.imageUrls).toEqual([late]);
  });

  it('a round created with an upload the sweep has deleted is refused, and nothing is stored', async () => {
    const gone = await upload('#101010');
    await ageUploads(25);
    await sweep();
    const res = await t.request({
      method: 'POST',
      url: '/api/bid-round',
      cookie: owner,
      payload: {
        title: 'Sent hus',
        address: 'Senveien 1, 0150 Oslo',
        startingPrice: 3_000_000,
        imageUrl: gone,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fant ikke bildet. Last opp på nytt.');
  });
});
