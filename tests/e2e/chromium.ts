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

export interface PageOptions {
  viewport?: { width: number; height: number };
}

/** A page in its own context (axe-core needs one), in Norwegian and Oslo time. Closing the page closes both. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    // No transitions: axe and screenshots then see dialogs as they settle, not half-faded.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // The context may already be gone when the browser closes first; that is fine.
  page.on('close', () => {
    context.close().catch(() => {});
  });
  return page;
}
