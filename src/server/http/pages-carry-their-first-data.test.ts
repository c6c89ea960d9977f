import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { fakeClientDir } from '../../../tests/setup/fake-client';
import { firstScreenIn } from '../../../tests/setup/first-screen';
import { createRoundAs, placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { FirstScreenData } from '../../shared/first-screen';
import { PHOTO_SIZES } from '../../shared/format/photo-layout';
import { bidRounds, properties } from '../db/schema';
import { PAGE_MODULE_SOURCES } from './page-chunks';

let t: TestApp;
let seller: string;
let bidder: string;
let roundId: string;
const INDEX =
  '<!doctype html><html><head><title>Budrunde</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const clientDir = fakeClientDir(INDEX);
  t = await createTestApp({ clientDir });
  seller = await signUp(t, 'selger@example.no');
  bidder = await signUp(t, 'byder@example.no');
  const round = await createRoundAs(t, seller, {
    // A title that would end the page's <script> element if it were written unescaped.
    title: 'Enebolig </script><script>alert("hei")</script> & <b>hage</b> $` $& $$ $\'',
  });
  roundId = round.id;
  // An uploaded photo, set directly: the upload itself is tested elsewhere.
  const [row] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, round.id));
  await t.deps.db
    .update(properties)
    .set({ imageUrl: 'property-images/a.jpg' })
    .where(eq(properties.id, row?.propertyId ?? ''));
  await placeBidOk(t, bidder, roundId, 4_100_000);
});
afterAll(() => t.close());

/** The page's HTML and the first data it carries, or null when it carries none. */
async function page(url: string, cookie?: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode).toBe(200);
  return { res, html: res.body, data: firstScreenIn(res.body) };
}

const dataOf = (data: FirstScreenData | null, key: unknown[]) =>
  data?.entries.find((entry) => JSON.stringify(entry.key) === JSON.stringify(key))?.data;

async function api(url: string, cookie?: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('a page carries its first data, exactly as the API gives it to the same person', () => {
  it("the landing page: no user, the visitor's list of open rounds, and a preload of the first photo", async () => {
    const { res, html, data } = await page('/');
    expect(dataOf(data, ['/api/auth/user'])).toBeNull();
    expect(dataOf(data, ['public', '/api/bid-rounds/active'])).toEqual(await api('/api/bid-rounds/active'));
    // With the srcset and sizes of the card's <img>, so that the browser fetches one size, once.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/objects/property-images/a.jpg" ' +
        'imagesrcset="/objects/property-images/a-480w.jpg 480w, /objects/property-images/a-960w.jpg 960w, ' +
        '/objects/property-images/a-1600w.jpg 1600w, /objects/property-images/a.jpg 2400w" ' +
        'imagesizes="(min-width: 75em) 380px, (min-width: 48em) 50vw, 100vw">',
    );
    // Personal data in a page: no cache may keep it, like the API's answers.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("a round page, signed in: the user, the round, its bids and the follow status, each as that user's API answers", async () => {
    const { html, data } = await page(`/budrunder/${roundId}`, bidder);
    // The preload of the cover asks for the size the gallery's cover shows.
    expect(html).toContain(`imagesizes="${PHOTO_SIZES.cover}"`);
    expect(dataOf(data, ['/api/auth/user'])).toEqual(await api('/api/auth/user', bidder));
    expect(dataOf(data, ['/api/bid-rounds', roundId])).toEqual(
      await api(`/api/bid-rounds/${roundId}`, bidder),
    );
    expect(dataOf(data, ['/api/bid-rounds', roundId, 'bids'])).toEqual(
      await api(`/api/bid-rounds/${roundId}/bids`, bidder),
    );
    expect(dataOf(data, ['/api/bid-rounds', roundId, 'follow/status'])).toEqual({ isFollowing: true });
  });

  it('the seller sees the same page with their own view of the round, and the bidder does not get it', async () => {
    const asSeller = dataOf((await page(`/budrunder/${roundId}`, seller)).data, ['/api/bid-rounds', roundId]);
    const asBidder = dataOf((await page(`/budrunder/${roundId}`, bidder)).data, ['/api/bid-rounds', roundId]);
    expect(asSeller).toEqual(await api(`/api/bid-rounds/${roundId}`, seller));
    expect(asSeller).toMatchObject({ isOwner: true });
    expect(asBidder).toMatchObject({ isOwner: false });
  });

  it("a visitor's round page carries no round, since a visitor may not see it", async () => {
    const { data, html } = await page(`/budrunder/${roundId}`);
    expect(data?.entries).toEqual([{ key: ['/api/auth/user'], data: null }]);
    expect(html).not.toContain('hage');
  });

  it('a title with markup (or replacement patterns such as $`) cannot end the script element, and reads back unchanged', async () => {
    const { html, data } = await page('/', bidder);
    expect(html).not.toContain('</script><script>alert');
    expect(html).not.toContain('<b>hage</b>');
    const rounds = dataOf(data, ['/api/bid-rounds/active']) as { property: { title: string } }[];
    expect(rounds[0]?.property.title).toBe(
      'Enebolig </script><script>alert("hei")</script> & <b>hage</b> $` $& $$ $\'',
    );
  });

  it("a page's chunks and their styles are named in its head, without the main script's own", async () => {
    const { html } = await page(`/budrunder/${roundId}`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/round-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/card-1.css">');
    expect(html).not.toContain('shared-1.js');
  });

  it('every page module the server names is a file of the client, so that a renamed page is noticed', () => {
    for (const module of PAGE_MODULE_SOURCES)
      expect(existsSync(join('src/client', module)), module).toBe(true);
  });

  it('HEAD and a page of text get the page (without first data), an unknown page the 404 page with the user alone; a missing chunk or API path gets JSON 404', async () => {
    expect((await t.request({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const unknown = await t.request({ method: 'GET', url: '/finnes-ikke' });
    expect(unknown.statusCode).toBe(404);
    expect(firstScreenIn(unknown.body)?.entries).toEqual([
      { key: ['/api/auth/user'], data: null },
      { key: ['page-not-found', '/finnes-ikke'], data: true },
    ]);
    expect((await page('/how-it-works')).data).toBeNull();
    const chunk = await t.request({ method: 'GET', url: '/assets/gone-after-a-deploy.js' });
    expect(chunk.statusCode).toBe(404);
    const api404 = await t.request({ method: 'GET', url: '/api/finnes-ikke' });
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toHaveProperty('message');
  });
});
