import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { fakeClientDir } from '../../../tests/setup/fake-client';
import { firstScreenIn } from '../../../tests/setup/first-screen';
import { createRoundAs } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { FirstScreenData } from '../../shared/first-screen';
import { FIRST_SCREEN_BUDGET_MS } from './first-screen';
import { MAX_RENDERS_AT_ONCE, type RenderPage } from './page-render';

// The page handler's side of server rendering (decision 024), with a stand-in for the client's render: what
// it is given, where its HTML goes, and that a render that fails or runs late costs only the rendering. The
// real render of the real client is tested in the browser (tests/e2e/pages-rendered-on-the-server.test.ts).
let t: TestApp;
let bidder: string;
let roundId: string;
const calls: { url: string; data: FirstScreenData }[] = [];
let behaviour: 'render' | 'fail' | 'hang' = 'render';

const render: RenderPage = async (url, data, signal) => {
  calls.push({ url, data });
  if (behaviour === 'fail') throw new Error('render broke');
  if (behaviour === 'hang')
    await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
  return `<main data-rendered="${url}">Rendret</main>`;
};

const INDEX = [
  '<!doctype html><html><head><title>Budrunde</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

beforeAll(async () => {
  const clientDir = fakeClientDir(INDEX);
  t = await createTestApp({ clientDir, renderPage: render });
  const seller = await signUp(t, 'selger@example.no');
  bidder = await signUp(t, 'byder@example.no');
  roundId = (await createRoundAs(t, seller)).id;
});
afterAll(() => t.close());

async function page(url: string, cookie?: string) {
  calls.length = 0;
  const started = Date.now();
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode).toBe(200);
  return { html: res.body, data: firstScreenIn(res.body), ms: Date.now() - started };
}

describe('pages with first data are rendered on the server, from that data alone', () => {
  it("a signed-in round page: the render gets the path and the visitor's own first data, and its HTML goes in #root", async () => {
    behaviour = 'render';
    const { html, data } = await page(`/budrunder/${roundId}`, bidder);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`/budrunder/${roundId}`);
    // Exactly the data the HTML carries for the browser to hydrate with, render time included.
    expect(calls[0]?.data).toEqual(data);
    expect(typeof data?.renderedAt).toBe('number');
    expect(data?.entries.map((entry) => entry.key[0])).toContain('/api/bid-rounds');
    expect(html).toContain(`<div id="root"><main data-rendered="/budrunder/${roundId}">Rendret</main></div>`);
  });

  it('the scripts start from /boot.js at the end of the body, after the first paint, not from the head', async () => {
    behaviour = 'render';
    const { html } = await page(`/budrunder/${roundId}`, bidder);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(html).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/shared-1.js /assets/round-page-1.js /assets/card-1.js"></script>\n</body>',
    );
    // The page's own styles are needed for its first paint, so they are stylesheets, not preloads.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/card-1.css">');
  });

  it("the visitor's landing page is rendered too; a page without first data is not", async () => {
    behaviour = 'render';
    expect((await page('/')).html).toContain('data-rendered="/"');
    // With its query, which the browser reads too (a login dialog opened by the address, say).
    await page('/?login=1');
    expect(calls[0]?.url).toBe('/?login=1');
    const text = await page('/how-it-works');
    expect(calls).toHaveLength(0);
    expect(text.html).toContain('<div id="root"></div>');
    expect(text.html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });
});

describe('a render that fails or runs late costs only the rendering', () => {
  it('a failing render: the page goes out as before, with its first data and its scripts in the head', async () => {
    behaviour = 'fail';
    const { html, data } = await page(`/budrunder/${roundId}`, bidder);
    expect(calls).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).not.toContain('boot.js');
    expect(data?.entries.length).toBeGreaterThan(1);
    // The browser renders this page itself, with its own clock.
    expect(data?.renderedAt).toBeUndefined();
  });

  it('a render still busy at the budget is aborted, and the page goes out unrendered within it', async () => {
    behaviour = 'hang';
    const { html, ms } = await page(`/budrunder/${roundId}`, bidder);
    expect(calls).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(ms).toBeLessThan(FIRST_SCREEN_BUDGET_MS + 1000);
    behaviour = 'render';
    expect((await page(`/budrunder/${roundId}`, bidder)).html).toContain('data-rendered=');
  });

  it(`with ${MAX_RENDERS_AT_ONCE} renders already running, the next page goes out unrendered at once instead of queueing`, async () => {
    behaviour = 'hang';
    calls.length = 0;
    const busy = Array.from({ length: MAX_RENDERS_AT_ONCE }, () =>
      t.request({ method: 'GET', url: `/budrunder/${roundId}`, cookie: bidder }),
    );
    await expect.poll(() => calls.length).toBe(MAX_RENDERS_AT_ONCE);
    const started = Date.now();
    const next = await t.request({ method: 'GET', url: `/budrunder/${roundId}`, cookie: bidder });
    expect(Date.now() - started).toBeLessThan(FIRST_SCREEN_BUDGET_MS / 2);
    expect(next.body).toContain('<div id="root"></div>');
    expect(calls).toHaveLength(MAX_RENDERS_AT_ONCE);
    for (const res of await Promise.all(busy)) expect(res.body).toContain('<div id="root"></div>');
    behaviour = 'render';
  });
});
