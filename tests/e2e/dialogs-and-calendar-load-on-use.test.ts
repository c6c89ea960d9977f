import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';

/** The page's scripts and stylesheets so far, by file name. */
function loadedFiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop() ?? ''),
  );
}

// Decision 021: the round page loads Mantine's Modal and the calendar only when they are first used, and
// they then behave as they did when they came with the page.
describe.skipIf(!chromiumAvailable())('dialogs and the calendar load when used', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Lettvekteren',
      address: 'Fjærveien 2, 0001 Oslo',
      days: 10,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the round page shows the acceptance date without the calendar, which opens on the first tap', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(roundUrl);
    const field = page.getByRole('button', { name: 'Akseptfrist' });
    await expect.poll(() => field.textContent(), { timeout: 15_000 }).toMatch(/^\d{1,2}\. \S+ \d{4}$/);
    const before = await loadedFiles(page);
    expect(before.filter((file) => /norwegian-date-picker|modal-part/.test(file))).toEqual([]);
    await expectNoAxeViolations(page, 'round page with the light date field');

    await field.click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor({ timeout: 10_000 });
    // The tap opened the real picker, which took the focus into its calendar.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    // Another day of the month shown, one that may be chosen.
    const day = calendar
      .locator(
        'button.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside]):not([data-selected])',
      )
      .last();
    const dayNumber = (await day.textContent())?.trim();
    const shownBefore = await page.getByRole('button', { name: 'Akseptfrist' }).textContent();
    await day.click();
    const shownAfter = await page.getByRole('button', { name: 'Akseptfrist' }).textContent();
    expect(shownAfter).not.toBe(shownBefore);
    expect(shownAfter).toMatch(new RegExp(`^${dayNumber}\\. `));
    await page.close();
  });

  it('a dialog loaded on first use gives the focus back to the button that opened it', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByLabel('Beløp').fill('4100000');
    const submit = page.getByRole('button', { name: 'Legg inn bud' });
    await submit.click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    await confirm.waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page, 'bid confirmation loaded on first use');
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => submit.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.close();
  });
});
