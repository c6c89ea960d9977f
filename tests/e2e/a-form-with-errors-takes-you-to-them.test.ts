import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../src/server/features/accounts/accounts.repository';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { BIDDER_EMAIL, openRound, SELLER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';
const PHONE = { width: 390, height: 844 };

/** Whether `field` has the focus and lies wholly inside the window. */
const focusedAndInView = (field: Locator) =>
  field.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      focused: document.activeElement === element,
      inView: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
    };
  });

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));

// Decision 060: a refused submit moves the focus to the first field with an error and scrolls it into view;
// 'Opprett ny budrunde' is at the top of a seller's page, and a new round opens on its own page.
describe.skipIf(!chromiumAvailable())('a form with errors takes the person to them', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Feilfri Villa',
      address: 'Rettveien 6, 0006 Oslo',
      days: 3,
    });
    // A seller with several rounds: a page of many screens, as a real seller's is.
    const seller = await findUserIdByEmail(server.deps.db, SELLER_EMAIL);
    if (!seller) throw new Error('no seller');
    for (let i = 1; i <= 5; i++)
      await openRound(server.deps.db, seller, {
        title: `Eldre runde ${i}`,
        address: `Gate ${i}`,
        days: 2 + i,
      });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('at 390 px the create button is on the first screen, an empty create shows “Tittel er påkrevd” with the focus on the title, and a valid one opens the new round', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, SELLER_EMAIL, PASSWORD);
    await page.goto(`${server.baseUrl}/`);
    const open = page.getByRole('button', { name: 'Opprett ny budrunde' });
    await open.waitFor();
    const box = await open.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      2 * PHONE.height,
    );

    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny budrunde' });
    const title = dialog.getByLabel('Tittel');
    await title.waitFor();
    // Sent empty from the button at the form's end, far below the title on a phone.
    await dialog.getByRole('button', { name: 'Opprett budrunde' }).click();
    await dialog.getByText('Tittel er påkrevd').waitFor();
    await nextFrame(page);
    await expect.poll(() => focusedAndInView(title)).toEqual({ focused: true, inView: true });
    expect(await dialog.getByText('Tittel er påkrevd').isVisible()).toBe(true);

    await title.fill('Nyoppført Rekkehus');
    await dialog.getByLabel('Adresse').fill('Nyveien 1, 0001 Oslo');
    await dialog.getByRole('button', { name: 'Opprett budrunde' }).click();
    await page.waitForURL(/\/budrunder\/[0-9a-f-]+$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Nyoppført Rekkehus' }).first().waitFor();
    await page.close();
  });

  it('an empty bid puts the focus on the amount, in view', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.goto(roundUrl);
    const amount = page.getByLabel('Beløp');
    await page.getByRole('button', { name: 'Legg inn bud', exact: true }).click();
    await page.getByText('Beløp må være større enn 0').waitFor();
    await nextFrame(page);
    await expect.poll(() => focusedAndInView(amount)).toEqual({ focused: true, inView: true });
    await page.close();
  });

  it('an empty login puts the focus on the e-mail field', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    const email = dialog.getByLabel('E-post', { exact: true });
    await dialog.getByLabel('Passord', { exact: true }).fill('noe');
    await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await nextFrame(page);
    await expect.poll(() => focusedAndInView(email)).toEqual({ focused: true, inView: true });
    await page.close();
  });
});
