import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { apiLogIn, roundWithPhotos, uploadPhotos } from './round-with-photos';
import { screenshotAtBothWidths } from './screenshots';
import { BIDDER_EMAIL, SELLER_EMAIL } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';
const PHOTOS = 4;

/** The id in a stored photo's path ('/objects/property-images/<id>.jpg'), which every size of it shares. */
const photoId = (path: string) => path.match(/([0-9a-f-]{36})\.(jpg|png)$/)?.[1] ?? path;

/** The element that has the focus, by its accessible name. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

// Decision 047: the round page's gallery and its full-screen viewer, as a buyer uses them.
describe.skipIf(!chromiumAvailable())('a buyer browses the photos with the keyboard and a swipe', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;
  let photos: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    await createUser(
      db,
      { email: SELLER_EMAIL, password: PASSWORD, firstName: 'Sofie', lastName: 'Selger' },
      { emailVerified: true },
    );
    await createUser(
      db,
      { email: BIDDER_EMAIL, password: PASSWORD, firstName: 'Anna', lastName: 'Andersen' },
      { emailVerified: true },
    );
    const seller = await apiLogIn(server.baseUrl, SELLER_EMAIL, PASSWORD);
    photos = await uploadPhotos(server.baseUrl, seller, PHOTOS);
    const id = await roundWithPhotos(
      server.baseUrl,
      seller,
      { title: 'Bildevillaen', address: 'Fotogata 4, 0001 Oslo' },
      photos,
    );
    roundUrl = `${server.baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens the viewer from a thumbnail, steps with the arrows, a swipe and the buttons, and closes', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.goto(roundUrl);
    const cover = page.getByRole('button', { name: `Vis bilde 1 av ${PHOTOS}` });
    await cover.waitFor();
    // The cover is fetched first, the thumbnails as they come into view, each at a size that fits.
    const coverImage = cover.locator('img');
    expect(await coverImage.getAttribute('fetchpriority')).toBe('high');
    expect(await coverImage.getAttribute('loading')).toBe('eager');
    expect(await coverImage.getAttribute('srcset')).toContain('-960w.jpg 960w');
    const thumbImage = page.getByRole('button', { name: `Vis bilde 2 av ${PHOTOS}` }).locator('img');
    expect(await thumbImage.getAttribute('loading')).toBe('lazy');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'round page with the gallery');
    await screenshotAtBothWidths(page, 'gallery');

    // Tab from the cover to the third photo's thumbnail, and Enter.
    await cover.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe(`Vis bilde 3 av ${PHOTOS}`);
    await page.keyboard.press('Enter');

    const viewer = page.getByRole('dialog');
    const image = viewer.locator('img');
    const shows = async (n: number) => {
      // Named 'Bilde 3 av 4' for a screen reader, with the counter '3 / 4' on screen.
      await page.getByRole('dialog', { name: `Bilde ${n} av ${PHOTOS}` }).waitFor({ timeout: 10_000 });
      expect(await viewer.getByText(`${n} / ${PHOTOS}`, { exact: true }).isVisible()).toBe(true);
      expect(await image.getAttribute('alt')).toBe(`Bildevillaen, bilde ${n} av ${PHOTOS}`);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toContain(photoId(photos[n - 1] ?? ''));
    };
    await shows(3);
    await page.keyboard.press('ArrowRight');
    await shows(4);
    await page.keyboard.press('ArrowRight');
    await shows(1);
    await page.keyboard.press('ArrowLeft');
    await shows(4);

    // A drag to the left across the photo is a swipe to the next one; to the right, back again.
    const stage = await page.getByTestId('photo-viewer-stage').boundingBox();
    if (!stage) throw new Error('the viewer has no stage');
    const y = stage.y + stage.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await page.mouse.move(fromX, y);
      await page.mouse.down();
      await page.mouse.move(toX, y + 5, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(stage.x + stage.width * 0.8, stage.x + stage.width * 0.2);
    await shows(1);
    await swipe(stage.x + stage.width * 0.2, stage.x + stage.width * 0.8);
    await shows(4);
    await viewer.getByRole('button', { name: 'Neste bilde' }).click();
    await shows(1);
    await viewer.getByRole('button', { name: 'Forrige bilde' }).click();
    await shows(4);
    await page.keyboard.press('ArrowLeft');
    await shows(3);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the photo viewer');
    await screenshotAtBothWidths(page, 'photo-viewer', undefined, { window: true });

    // Escape closes it, and the focus is back on the thumbnail that opened it.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // Mantine gives the focus back a moment after the dialog goes (a 10 ms timer), so wait for it.
    await expect.poll(() => focusedName(page)).toBe(`Vis bilde 3 av ${PHOTOS}`);
    await expectNoAxeViolations(page, 'round page after the viewer closed');

    // The cover opens it too, at the first photo, and 'Lukk' closes it.
    await cover.click();
    await shows(1);
    await viewer.getByRole('button', { name: 'Lukk' }).click();
    await viewer.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe(`Vis bilde 1 av ${PHOTOS}`);
    await page.close();
  });

  it('on a phone’s touchscreen, a finger swiped sideways steps through the photos', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, touch: true });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.goto(roundUrl);
    const cover = page.getByRole('button', { name: `Vis bilde 1 av ${PHOTOS}` });
    await cover.waitFor();
    await cover.tap();
    await page.getByRole('dialog', { name: `Bilde 1 av ${PHOTOS}` }).waitFor({ timeout: 10_000 });
    const stage = await page.getByTestId('photo-viewer-stage').boundingBox();
    if (!stage) throw new Error('the viewer has no stage');
    // Real touch events, as a finger makes them (CDP's Input.dispatchTouchEvent): the browser turns them
    // into pointer events of type 'touch', and gives up the gesture if the page lets it pan instead.
    const cdp = await page.context().newCDPSession(page);
    // Below the step buttons, which sit at mid-height on either side and keep their taps.
    const y = Math.round(stage.y + stage.height * 0.7);
    const swipe = async (fromX: number, toX: number) => {
      const point = (x: number) => [{ x: Math.round(x), y, id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) });
      for (let i = 1; i <= 6; i++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: point(fromX + ((toX - fromX) * i) / 6),
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const shows = (n: number) =>
      page.getByRole('dialog', { name: `Bilde ${n} av ${PHOTOS}` }).waitFor({ timeout: 10_000 });
    await swipe(stage.x + stage.width * 0.85, stage.x + stage.width * 0.15);
    await shows(2);
    await swipe(stage.x + stage.width * 0.85, stage.x + stage.width * 0.15);
    await shows(3);
    await swipe(stage.x + stage.width * 0.15, stage.x + stage.width * 0.85);
    await shows(2);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.close();
  });
});
