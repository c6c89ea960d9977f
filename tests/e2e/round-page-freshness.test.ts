import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';
// Well inside the 5 s polling interval: what shows by then came from the mutation, not from a poll.
const AT_ONCE = { timeout: 2_000, interval: 100 };

describe.skipIf(!chromiumAvailable())('the round page after the user’s own action', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Ferske Villa',
      address: 'Nyveien 1, 0001 Oslo',
      days: 3,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a bid shows in the page’s own header at once', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(roundUrl);
    const highest = page.getByTestId('highest-bid');
    await expect.poll(() => highest.textContent(), { timeout: 15_000 }).toBe('Ingen bud ennå');
    await page.getByLabel('Beløp').fill('4100000');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    await page
      .getByRole('dialog', { name: 'Bekreft budgivning' })
      .getByRole('button', { name: 'Bekreft bud' })
      .click();
    await page.getByText('Bud lagt inn').first().waitFor();
    await expect
      .poll(async () => (await highest.textContent())?.replace(/\s/g, ' '), AT_ONCE)
      .toBe('4 100 000 kr');
    await page.close();
  });

  it('after “Velg som vinner” the page shows the round closed at once, with no close or winner buttons left', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
    await page.goto(roundUrl);
    const article = page.getByRole('article', { name: 'Ferske Villa' });
    await article.getByText('Aktiv', { exact: true }).waitFor({ timeout: 15_000 });
    await article
      .getByRole('button', { name: /Velg som vinner/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Velg vinner av budrunden' })
      .getByRole('button', { name: 'Bekreft vinner' })
      .click();
    await page.getByText('Vinner valgt!').first().waitFor();
    await expect.poll(() => article.getByText('Lukket', { exact: true }).isVisible(), AT_ONCE).toBe(true);
    expect(await article.getByRole('button', { name: 'Lukk budrunde' }).count()).toBe(0);
    expect(await article.getByRole('button', { name: /Velg som vinner/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the round page after choosing a winner');
    await page.close();
  });
});
