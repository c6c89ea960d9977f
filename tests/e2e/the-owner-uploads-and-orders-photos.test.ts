import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidRoundView } from '../../src/shared/schemas/bid-round';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';

// Three photos, each its own colour, so that the stored order can be told from the files' names.
const PHOTOS = [
  ['rod.jpg', '#b91c1c'],
  ['gronn.png', '#15803d'],
  ['bla.jpg', '#1d4ed8'],
] as const;

describe.skipIf(!chromiumAvailable())('the owner uploads and orders photos', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const files: string[] = [];
  let roundId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, 'fotograf@example.no', 'Frida', 'Fotograf');
    const dir = mkdtempSync(join(tmpdir(), 'budrunde-photos-'));
    for (const [name, colour] of PHOTOS) {
      const image = sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } });
      const file = join(dir, name);
      await (name.endsWith('.png') ? image.png() : image.jpeg()).toFile(file);
      files.push(file);
    }
    page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'fotograf@example.no', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The stored paths the thumbnails show, in their order on screen, as the sizes name them. */
  const shownOrder = async () =>
    (
      await page
        .getByTestId('photo-thumbnail')
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''))
    ).map((src) => src.replace('-480w', ''));

  it('creates a round with three photos, reordered with the buttons and by dragging, one removed', async () => {
    await page.getByRole('button', { name: 'Opprett ny budrunde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny budrunde' });
    await dialog.getByLabel('Tittel').fill('Fargerik villa');
    await dialog.getByLabel('Adresse').fill('Regnbuen 7, 0150 Oslo');
    // The uploads wait until each file's progress bar has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/objects/uploads/**', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.locator('input[type="file"]').setInputFiles(files);
    for (const n of [1, 2, 3])
      await dialog
        .getByRole('progressbar', { name: `Laster opp bilde ${n} av 3` })
        .waitFor({ state: 'attached' });
    release();
    const thumbnails = dialog.getByTestId('photo-thumbnail');
    await expect.poll(() => thumbnails.count(), { timeout: 20_000 }).toBe(3);
    const [red = '', green = '', blue = ''] = await shownOrder();
    expect(red).toMatch(/\.jpg$/);
    expect(green).toMatch(/\.png$/);
    expect(await thumbnails.first().getByText('Forsidebilde').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'create dialog with three photos');
    await screenshotAtBothWidths(page, 'create-form-with-photos', dialog);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // With the keyboard: the blue one to the front, in two steps; focus stays on the moved photo.
    await dialog.getByRole('button', { name: 'Flytt bilde 3 til venstre' }).focus();
    await page.keyboard.press('Enter');
    expect(await shownOrder()).toEqual([red, blue, green]);
    // The focus moves in an effect after the new order renders: wait for it before the next Enter.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Flytt bilde 2 til venstre');
    await page.keyboard.press('Enter');
    expect(await shownOrder()).toEqual([blue, red, green]);
    expect(await thumbnails.first().getByText('Forsidebilde').isVisible()).toBe(true);

    // By drag and drop: the green one onto the first place.
    await thumbnails.nth(2).dragTo(thumbnails.nth(0));
    expect(await shownOrder()).toEqual([green, blue, red]);

    await dialog.getByRole('button', { name: 'Fjern bilde 3' }).click();
    expect(await shownOrder()).toEqual([green, blue]);

    await dialog.getByRole('button', { name: 'Opprett budrunde' }).click();
    await page.getByRole('article', { name: 'Fargerik villa' }).waitFor();
    const mine = (await (
      await page.request.get(`${server.baseUrl}/api/bid-rounds/user`)
    ).json()) as BidRoundView[];
    const round = mine.find((r) => r.property.title === 'Fargerik villa');
    expect(round?.property.imageUrls).toEqual([green, blue]);
    expect(round?.property.imageUrl).toBe(green);
    roundId = round?.id ?? '';
  });

  it('changes the photos after publishing with “Endre bilder”', async () => {
    await page.goto(`${server.baseUrl}/budrunder/${roundId}`);
    await page.getByRole('button', { name: 'Endre bilder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Endre bilder' });
    await dialog.getByTestId('photo-thumbnail').nth(1).waitFor();
    const [green, blue] = await shownOrder();
    await dialog.getByRole('button', { name: 'Flytt bilde 2 til venstre' }).click();
    await expectNoAxeViolations(page, 'Endre bilder');
    await dialog.getByRole('button', { name: 'Lagre bilder' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const round = (await (
      await page.request.get(`${server.baseUrl}/api/bid-rounds/${roundId}`)
    ).json()) as BidRoundView;
    expect(round.property.imageUrls).toEqual([blue, green]);
    expect(round.changes.map((c) => c.kind)).toEqual(['photos']);
  });
});
