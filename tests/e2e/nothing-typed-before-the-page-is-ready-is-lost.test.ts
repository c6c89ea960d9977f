import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { BIDDER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';
const PHONE = { width: 390, height: 844 };
const TITLE = 'Treg Villa';

/** A mid-range phone on a slow 4G connection, as Lighthouse's mobile preset has it, on its first visit. */
async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  // A first visit: the scripts the login page fetched would otherwise come from the cache at once.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return cdp;
}

async function fullSpeed(cdp: CDPSession) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Starts loading `url` and returns as soon as the browser has it, without openPage's wait for readiness. */
async function startLoading(page: Page, url: string) {
  const plainGoto: Page['goto'] = Object.getPrototypeOf(page).goto;
  await plainGoto.call(page, url, { waitUntil: 'commit' });
}

const pageReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-page-ready'), null, {
    timeout: 60_000,
  });

/** In one look, so that readiness cannot change between the reads: the field, its form and its button. */
const lookAt = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => {
    const form = input.closest('form');
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    return {
      ready: document.documentElement.hasAttribute('data-page-ready'),
      disabled: input.matches(':disabled'),
      value: input.value,
      busy: form?.getAttribute('aria-busy') ?? null,
      buttonDisabled: button?.disabled ?? null,
      buttonText: button?.textContent ?? '',
    };
  });

// Decision 060: a page the server rendered (decision 024) shows its forms before its script has taken
// over. Until then their controls are disabled and say 'Laster …', so that nothing typed is wiped by
// hydration; a form that mounts after that (a dialog, a page reached by a link) works at once.
describe.skipIf(!chromiumAvailable())('nothing typed or tapped before the page is ready is lost', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: TITLE,
      address: 'Sakteveien 4, 0004 Oslo',
      days: 3,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('on a slow phone the round page’s bid form is disabled and says “Laster …” until it works, then takes a bid', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    const cdp = await slowDown(page);
    await startLoading(page, roundUrl);
    const amount = page.getByLabel('Beløp');
    await amount.waitFor();
    const before = await lookAt(amount);
    // The server's HTML is on screen and the script has not taken over: the gap this is about.
    expect(before.ready).toBe(false);
    expect(before).toMatchObject({ disabled: true, busy: 'true', buttonDisabled: true });
    expect(before.buttonText).toContain('Laster …');
    expect(before.buttonText).toContain('Legg inn bud');
    // A person types and taps at once: the disabled field takes nothing, and the tap sends nothing.
    await amount.click({ force: true });
    await page.keyboard.type('4300000');
    await page.getByRole('button', { name: 'Legg inn bud' }).click({ force: true });
    expect(page.url()).toBe(roundUrl);
    await pageReady(page);
    await expect.poll(() => amount.isEnabled(), { timeout: 30_000 }).toBe(true);
    const after = await lookAt(amount);
    expect(after).toMatchObject({ disabled: false, busy: null, buttonDisabled: false, value: '' });
    expect(after.buttonText).not.toContain('Laster');
    // Ready, the same form places the bid.
    await fullSpeed(cdp);
    await amount.fill('4300000');
    await page.getByRole('button', { name: 'Legg inn bud', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Bekreft budgivning' })
      .getByRole('button', { name: 'Bekreft bud' })
      .click();
    await page.getByText('Bud lagt inn').first().waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('on a slow phone the signed-in page’s “Opprett ny budrunde” is disabled until it opens the dialog', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    const cdp = await slowDown(page);
    await startLoading(page, `${server.baseUrl}/`);
    const create = page.getByRole('button', { name: 'Opprett ny budrunde' });
    await create.waitFor();
    const before = await create.evaluate((button: HTMLButtonElement) => ({
      ready: document.documentElement.hasAttribute('data-page-ready'),
      disabled: button.disabled,
      text: button.textContent,
    }));
    expect(before).toMatchObject({ ready: false, disabled: true });
    expect(before.text).toContain('Laster …');
    await pageReady(page);
    await fullSpeed(cdp);
    await create.click();
    await page.getByRole('dialog', { name: 'Opprett ny budrunde' }).getByLabel('Tittel').waitFor();
    await page.close();
  });

  it('reached by a link, the round page’s form works at once: no “Laster …” flashes', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.getByRole('link', { name: TITLE }).first().click();
    const amount = page.getByLabel('Beløp');
    await amount.waitFor();
    const first = await lookAt(amount);
    expect(first).toMatchObject({ disabled: false, busy: null, buttonDisabled: false });
    expect(first.buttonText).not.toContain('Laster');
    await page.close();
  });

  it('on a slow phone the login dialog keeps what is typed at once, and its button logs in', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.baseUrl}/`);
    await slowDown(page);
    await startLoading(page, `${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    const email = dialog.getByLabel('E-post', { exact: true });
    await email.waitFor({ timeout: 60_000 });
    const shown = await lookAt(email);
    // The dialog opens only once the page works, so its form is never shown before it can be used.
    expect(shown).toMatchObject({ ready: true, disabled: false, busy: null, buttonDisabled: false });
    expect(shown.buttonText).not.toContain('Laster');
    await email.click();
    await page.keyboard.type(BIDDER_EMAIL);
    await dialog.getByLabel('Passord', { exact: true }).click();
    await page.keyboard.type(PASSWORD);
    expect(await email.inputValue()).toBe(BIDDER_EMAIL);
    await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await page.getByRole('button', { name: 'Logg ut' }).waitFor({ timeout: 60_000 });
    await page.close();
  });
});
