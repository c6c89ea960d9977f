import type { Locator, Page } from 'playwright-core';

/**
 * Screenshots for a person to look at, taken only when E2E_SHOTS_DIR names a folder (off by default, and
 * never in the repository): the page, or one element such as a dialog, at 390 and at 1280 px wide. The
 * window is put back as it was, so the test goes on as without them; a toast still showing is closed.
 * `window: true` takes the window alone, as a person sees it: for a full-screen dialog such as the photo viewer.
 */
export async function screenshotAtBothWidths(
  page: Page,
  name: string,
  element?: Locator,
  { window = false }: { window?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  // A toast from an earlier step would hide part of the picture: closed, as a person would.
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click({ timeout: 1_000 }).catch(() => {});
  }
  const before = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    // An element (a dialog) whole: in a phone-high window a tall dialog scrolls inside itself.
    await page.setViewportSize({ width, height: element ? 2000 : height });
    // Two frames for the layout to follow the new width.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const path = `${dir}/${name}-${width}.png`;
    if (element) await element.screenshot({ path });
    else await page.screenshot({ path, fullPage: !window });
  }
  if (before) await page.setViewportSize(before);
}
