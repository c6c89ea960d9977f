import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../tests/setup/admin';
import { fakeClientDir } from '../../../tests/setup/fake-client';
import { firstScreenIn } from '../../../tests/setup/first-screen';
import { createRoundAs } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { FirstScreenData } from '../../shared/first-screen';
import { PAGE_PATHS, pageNotFoundKey } from '../../shared/pages';
import type { RenderPage } from './page-render';

// A path the client has no page for, and a round page of a round that does not exist, answer 404 with the
// client's 404 page; the client's own pages stay 200. /metrics without METRICS_TOKEN is a plain 404.
let t: TestApp;
let seller: string;
let roundId: string;
let deletedRoundId: string;
const renders: { url: string; data: FirstScreenData }[] = [];

// A stand-in for the client's render (the real one is tested in the browser, tests/e2e/static-pages.test.ts).
const render: RenderPage = async (url, data) => {
  renders.push({ url, data });
  return '<main>Rendret</main>';
};

const INDEX = [
  '<!doctype html><html><head><title>Budrunde</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ clientDir: fakeClientDir(INDEX), renderPage: render });
  const admin = await signInAdmin(t);
  seller = admin.cookie;
  roundId = (await createRoundAs(t, seller)).id;
  deletedRoundId = (await createRoundAs(t, seller)).id;
  const deleted = await t.request({
    method: 'DELETE',
    url: `/api/admin/bid-rounds/${deletedRoundId}`,
    cookie: admin.cookie,
  });
  expect(deleted.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

function expectNotFoundPage(res: Awaited<ReturnType<typeof get>>, path: string) {
  expect(res.statusCode, path).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain('<title>Budrunde</title>');
  const entry = firstScreenIn(res.body)?.entries.find(
    (e) => JSON.stringify(e.key) === JSON.stringify(pageNotFoundKey(path)),
  );
  expect(entry?.data, path).toBe(true);
}

describe('pages that do not exist answer 404 with the client’s 404 page', () => {
  it('a path the client has no page for', async () => {
    for (const path of ['/no-such-page', '/finnes-ikke', '/admin/extra', '/budrunder', '/budrunder/a/b'])
      expectNotFoundPage(await get(path), path);
    expectNotFoundPage(await get('/no-such-page?x=1'), '/no-such-page');
    // Marked with the address as the client's router reads it, escapes decoded.
    expectNotFoundPage(await get('/finnes%20ikke'), '/finnes ikke');
    expectNotFoundPage(await get('/budrunder/%E2%82%AC'), '/budrunder/€');
    expect((await t.request({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('a round page with a malformed id, an id no round has, or the id of a deleted round', async () => {
    const paths = [
      '/budrunder/ikke-en-id',
      '/budrunder/123',
      '/budrunder/00000000-0000-4000-8000-000000000000',
      `/budrunder/${deletedRoundId}`,
    ];
    for (const path of paths) {
      expectNotFoundPage(await get(path), path);
      expectNotFoundPage(await get(path, seller), path);
    }
  });

  it('is rendered on the server with the visitor’s user alone, as the navbar needs', async () => {
    renders.length = 0;
    const res = await get('/budrunder/00000000-0000-4000-8000-000000000000', seller);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><main>Rendret</main></div>');
    expect(renders).toHaveLength(1);
    const keys = renders[0]?.data.entries.map((e) => e.key);
    expect(keys).toEqual([
      ['/api/auth/user'],
      pageNotFoundKey('/budrunder/00000000-0000-4000-8000-000000000000'),
    ]);
  });

  it('the client’s own pages stay 200, without the 404 mark', async () => {
    const pages = Object.values(PAGE_PATHS).map((p) => p.replace(':id', roundId));
    for (const path of [
      ...pages,
      '/how-it-works?x=1',
      '/register/',
      '/Personvern',
      '/how%2Dit-works',
      `/budrunder/${roundId.toUpperCase()}`,
    ]) {
      for (const cookie of [undefined, seller]) {
        const res = await get(path, cookie);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(JSON.stringify(firstScreenIn(res.body) ?? {})).not.toContain('page-not-found');
      }
    }
  });

  it('/metrics without METRICS_TOKEN is a 404 with no page', async () => {
    for (const path of ['/metrics', '/metrics/']) {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toContain('<html');
    }
  });
});
