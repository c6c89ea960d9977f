import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOsloParts, MONTH_NAMES } from '../../src/shared/format/date';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { fieldLayoutProblems } from './field-layout';
import { logIn } from './log-in';
import { BIDDER_EMAIL, SELLER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';

// Every form field on a 320 px phone: its label, input, description and error clear of each other and of
// the form's other lines, and the input's text whole (decision 061).
const NARROWEST = { width: 320, height: 640 };
const PASSWORD = 'et-langt-passord-123';

/** Waits for the fonts, so that what is measured is the text as drawn. */
const fontsReady = (page: Page) => page.evaluate(() => document.fonts.ready.then(() => undefined));

async function expectFieldsRead(scope: Locator, what: string) {
  await fontsReady(scope.page());
  expect(await fieldLayoutProblems(scope), what).toEqual([]);
}

describe.skipIf(!chromiumAvailable())('form fields read at 320 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Funkisvilla med utsikt over Oslofjorden',
      address: 'Fjordveien 123, 1363 Høvik',
      days: 10,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the login dialog, empty and filled in', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByLabel('E-post', { exact: true }).waitFor();
    await expectFieldsRead(dialog, 'login, empty');
    await dialog.getByLabel('E-post', { exact: true }).fill('ola.nordmann@gmail.com');
    await dialog.getByLabel('Passord', { exact: true }).fill('feil-passord-123');
    await expectFieldsRead(dialog, 'login, filled in');
    await page.close();
  });

  it('the registration form, empty and with every error shown', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    await page.goto(`${server.baseUrl}/register`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrer deg' }) });
    await form.getByRole('textbox', { name: /^E-post/ }).waitFor({ timeout: 15_000 });
    await expectFieldsRead(form, 'registration, empty');
    await form.getByRole('button', { name: 'Registrer deg' }).click();
    await form.locator('.mantine-InputWrapper-error').first().waitFor({ timeout: 15_000 });
    await expectFieldsRead(form, 'registration, with errors');
    await page.close();
  });

  it('the create-round form, with its dates chosen and with its errors', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    await logIn(page, server.baseUrl, SELLER_EMAIL, PASSWORD);
    await page.getByRole('button', { name: 'Opprett ny budrunde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny budrunde' });
    await dialog.getByLabel('Tittel').waitFor();
    await expectFieldsRead(dialog, 'create form, as opened');
    await dialog.getByLabel('Tittel').fill('Villa Solgløtt');
    await dialog.getByLabel('Adresse').fill('Fjordveien 123, 1363 Høvik');
    await dialog.getByLabel('Startpris').fill('12500000');
    // A day with a long month name: the longest text the field shows.
    const soon = getOsloParts(new Date(Date.now() + 5 * 86_400_000));
    await dialog.getByRole('button', { name: /^Korteste akseptfrist/ }).click();
    const calendar = page.locator('.mantine-Popover-dropdown').filter({
      has: page.locator('.mantine-DatePickerInput-calendarHeaderLevel'),
    });
    await calendar.waitFor({ timeout: 10_000 });
    const day = `${soon.day} ${MONTH_NAMES[soon.month - 1]} ${soon.year}`;
    if ((await calendar.getByRole('button', { name: day, exact: true }).count()) === 0) {
      await calendar.locator('[data-direction="next"]').first().click();
    }
    await calendar.getByRole('button', { name: day, exact: true }).click();
    await calendar.waitFor({ state: 'hidden' });
    await expectFieldsRead(dialog, 'create form, filled in');
    await dialog.getByLabel('Tittel').fill('');
    await dialog.getByRole('button', { name: 'Opprett budrunde' }).click();
    await dialog.locator('.mantine-InputWrapper-error').first().waitFor({ timeout: 15_000 });
    await expectFieldsRead(dialog, 'create form, with an error');
    await page.close();
  });

  it('the bid form: the akseptfrist’s day in one line, clear of the line under it; the calendar in lower case', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.goto(roundUrl);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Legg inn bud' }) });
    await form.getByRole('button', { name: 'Akseptfrist' }).waitFor({ timeout: 15_000 });
    await expectFieldsRead(form, 'bid form, as opened');

    // The real calendar, once tapped: its month is written as bokmål writes it.
    await form.getByRole('button', { name: 'Akseptfrist' }).click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor({ timeout: 10_000 });
    const header = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel').first();
    const month = MONTH_NAMES.map((name) => name.toLowerCase());
    expect(await header.innerText()).toMatch(new RegExp(`^(${month.join('|')}) \\d{4}$`));
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await expectFieldsRead(form, 'bid form, with the calendar loaded');

    await form.getByLabel('Beløp').fill('1');
    await form.getByRole('button', { name: 'Legg inn bud' }).click();
    await form.locator('.mantine-InputWrapper-error').first().waitFor({ timeout: 15_000 });
    await expectFieldsRead(form, 'bid form, with an error');
    await page.close();
  });
});
