import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** A page of the product to weigh, as a visitor or with a signed-in session's cookies. */
export interface ClientPage {
  name: string;
  path: string;
  cookie?: string;
  /** Text that is on the screen once the page has what it came for. */
  readyText: string;
}

export interface PageWeight {
  name: string;
  /** JavaScript files the page loaded before it was ready, in gzipped bytes (level 9, as the build stores them). */
  jsGzip: number;
  /** The same files as sent over the wire (the browser asks for brotli). */
  jsTransferred: number;
  jsFiles: number;
  cssGzip: number;
  /** Each JavaScript file, largest first, for finding what a page should not have loaded. */
  scripts: { file: string; gzip: number }[];
}

/** Loads each page in a fresh Chromium context and sums the JavaScript and CSS it fetched. */
export async function weighPages(
  browser: Browser,
  baseUrl: string,
  pages: ClientPage[],
): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });
    if (page.cookie) {
      await context.addCookies(
        page.cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url: baseUrl };
        }),
      );
    }
    const tab = await context.newPage();
    const files: Promise<{ file: string; type: string; gzip: number; wire: number }>[] = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      files.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            file: new URL(response.url()).pathname,
            type,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
          };
        })(),
      );
    });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load' });
    await tab.getByText(page.readyText).first().waitFor({ timeout: 20_000 });
    // What the page's first screen loads, including chunks it asks for while it renders: until no script or
    // stylesheet has arrived for half a second (not 'networkidle', which the open event stream can hold off).
    for (let seen = -1, waited = 0; seen !== files.length && waited < 10_000; waited += 500) {
      seen = files.length;
      await tab.waitForTimeout(500);
    }
    const loaded = await Promise.all(files);
    const scripts = loaded.filter((f) => f.type === 'script');
    weights.push({
      name: page.name,
      jsGzip: sum(scripts.map((f) => f.gzip)),
      jsTransferred: sum(scripts.map((f) => f.wire)),
      jsFiles: scripts.length,
      cssGzip: sum(loaded.filter((f) => f.type === 'stylesheet').map((f) => f.gzip)),
      scripts: scripts.map(({ file, gzip }) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip),
    });
    await context.close();
  }
  return weights;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
