import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

// As root and without network, Chromium needs no sandbox and must not try to phone home, or it stalls.
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * What no page may ever do, in any test: fail to hydrate the HTML the server rendered (React's errors 418,
 * 419, 423 and 425, minified in the build), or do something the CSP refuses. Pages opened with openPage
 * note them here, and tests/e2e/no-page-faults.ts fails the test that saw one.
 */
export const pageFaults: string[] = [];
const HYDRATION_ERROR = /Minified React error #(418|419|423|425)\b|Hydration failed|hydrat/i;
const CSP_VIOLATION = /Content Security Policy/i;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** A phone's touchscreen: touch events, and pointer events of type 'touch'. */
  touch?: boolean;
}

/** A page in its own context (axe-core needs one), in Norwegian and Oslo time. Closing the page closes both. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    // No transitions: axe and screenshots then see dialogs as they settle, not half-faded.
    reducedMotion: 'reduce',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  waitForPageReady(page);
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) pageFaults.push(`${page.url()}: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && CSP_VIOLATION.test(message.text()))
      pageFaults.push(`${page.url()}: ${message.text()}`);
  });
  // The context may already be gone when the browser closes first; that is fine.
  page.on('close', () => {
    context.close().catch(() => {});
  });
  return page;
}

/**
 * page.goto and page.reload also wait until the page's script has taken over (src/client/app/page-ready.tsx).
 * A page the server rendered shows its buttons before then, and a test, faster than any person, would click
 * them before they work. A page that never gets ready (a chunk that failed) is left to the test's own checks.
 */
function waitForPageReady(page: Page): void {
  const ready = () =>
    page
      .waitForFunction(() => document.documentElement.hasAttribute('data-page-ready'), null, {
        timeout: 15_000,
      })
      .catch(() => {});
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}
