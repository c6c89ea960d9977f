import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { formatWeekdayDateTime } from '../../src/shared/format/viewing-time';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn, submitLoginDialog } from './log-in';
import { noSidewaysScroll } from './page-checks';

const PASSWORD = 'hemmelig1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
describe.skipIf(!chromiumAvailable())('bidding with quick raises and a financing proof', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;
  const minimumBidDeadline = new Date(Date.now() + 2 * 86_400_000);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const seller = await createUser(
      db,
      { email: 'selger@example.no', password: PASSWORD, firstName: 'Sofie', lastName: 'Selger' },
      { emailVerified: true },
    );
    await createUser(
      db,
      {
        email: 'bjorn.byder@example.no',
        password: PASSWORD,
        firstName: 'Bjørn',
        lastName: 'Byder',
        phone: '+47 41234567',
      },
      { emailVerified: true },
    );
    await createUser(
      db,
      { email: 'kari@example.no', password: PASSWORD, firstName: 'Kari', lastName: 'Konkurrent' },
      { emailVerified: true },
    );
    const id = await createRound(db, seller, {
      title: 'Bevisgården',
      address: 'Bankveien 2, 0150 Oslo',
      startingPrice: 4_000_000,
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      minimumBidDeadline: minimumBidDeadline.toISOString(),
    });
    roundUrl = `${server.baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a bidder sees the korteste akseptfrist, raises with one tap, and attaches a proof', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'bjorn.byder@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Legg inn bud' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('acceptance-rule').textContent()).toBe(
      `Korteste akseptfrist: ${formatWeekdayDateTime(minimumBidDeadline, new Date())} (satt av selgeren)`,
    );

    await page.getByRole('button', { name: 'Legg 25 000 kr over startprisen' }).click();
    expect(await page.getByLabel('Beløp').inputValue()).toBe('4 025 000');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByLabel('Finansieringsbevis (valgfritt)').click(),
    ]);
    await chooser.setFiles({ name: 'finansieringsbevis.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the bid form with a proof, 390 px');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    await confirm.getByText('finansieringsbevis.pdf').waitFor();
    await confirm.getByRole('button', { name: 'Bekreft bud' }).click();
    await page.getByText('Bud lagt inn').first().waitFor();

    const row = page.getByTestId('bid-row').first();
    await row.getByText('Finansieringsbevis: Vedlagt').waitFor();
    // The bidder can open the proof they sent with their own bid.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Vedlagt (last ned)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('finansieringsbevis.pdf');
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);
    // The next quick raise starts from the new highest bid.
    await page.getByRole('button', { name: 'Legg 10 000 kr over høyeste bud' }).click();
    expect(await page.getByLabel('Beløp').inputValue()).toBe('4 035 000');
    await page.close();
  });

  it('the seller sees the bidder once with tap-to-call and tap-to-mail links, and downloads the proof', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    const group = page.getByTestId('bidder-group');
    await group.first().waitFor();
    expect(await group.count()).toBe(1);
    expect(await group.getByRole('link', { name: '+47 41234567' }).getAttribute('href')).toBe(
      'tel:+4741234567',
    );
    expect(await group.getByRole('link', { name: /bjorn\.byder@example\.no/ }).getAttribute('href')).toBe(
      'mailto:bjorn.byder@example.no',
    );
    await expectNoAxeViolations(page, 'the seller’s detailed view');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('link', { name: 'Vedlagt (last ned)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('finansieringsbevis.pdf');
    const path = await download.path();
    expect((await readFile(path)).equals(PDF)).toBe(true);
    await page.close();
  });

  it('another bidder sees that the bid has a proof, and no link to it', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'kari@example.no', PASSWORD);
    await page.goto(roundUrl);
    const row = page.getByTestId('bid-row').filter({ hasText: '4 025 000' });
    await row.getByText('Finansieringsbevis: Vedlagt').waitFor({ timeout: 15_000 });
    expect(await row.getByRole('link', { name: /Vedlagt/ }).count()).toBe(0);
    expect(await page.locator('a[href*="financing-proof"]').count()).toBe(0);
    await page.close();
  });

  it('a visitor who logs in from the round page stays on that round', async () => {
    const page = await openPage(browser);
    await page.goto(roundUrl);
    // The round page's own button (it loads as a chunk of its own), not the navigation bar's.
    const prompt = page.getByRole('alert').filter({ hasText: 'Logg inn for å se budrunden' });
    await prompt.getByRole('button', { name: 'Logg inn' }).click();
    await submitLoginDialog(page, 'bjorn.byder@example.no', PASSWORD);
    await page.getByRole('button', { name: 'Logg ut' }).waitFor();
    await page.getByRole('article', { name: 'Bevisgården' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(new URL(roundUrl).pathname);
    await page.close();
  });

  it("a visitor who logs in with the navigation bar's button on a round page stays on that round", async () => {
    const page = await openPage(browser);
    await page.goto(roundUrl);
    await page.getByRole('banner').getByRole('button', { name: 'Logg inn' }).click();
    await submitLoginDialog(page, 'bjorn.byder@example.no', PASSWORD);
    await page.getByRole('article', { name: 'Bevisgården' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(new URL(roundUrl).pathname);
    await page.close();
  });

  it("a visitor who logs in from a card's login prompt on the landing page lands on that round", async () => {
    const page = await openPage(browser);
    await page.goto(server.baseUrl);
    await page
      .getByRole('link', { name: /Bevisgården/ })
      .first()
      .click({ timeout: 15_000 });
    const prompt = page.getByRole('dialog', { name: 'Logg inn for å se budrunden' });
    await prompt.getByRole('button', { name: 'Logg inn' }).click();
    await submitLoginDialog(page, 'bjorn.byder@example.no', PASSWORD);
    await page.getByRole('article', { name: 'Bevisgården' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(new URL(roundUrl).pathname);
    await expectNoAxeViolations(page, 'the round page after logging in from the landing page');
    await page.close();
  });
});
