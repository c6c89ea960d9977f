import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createRound, updateStartingPrice } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { createVerifiedUser } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

// Amounts are written with no-break spaces; a reader (and this test) sees plain spaces.
const textOf = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');

describe.skipIf(!chromiumAvailable())('a visitor’s landing cards show the starting price', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundId = '';
  let seller: Viewer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const sellerId = await createVerifiedUser(server.deps.db, 'selger@example.no', 'Kari', 'Selger');
    seller = (await findViewerById(server.deps.db, sellerId)) as Viewer;
    roundId = await createRound(server.deps.db, sellerId, {
      title: 'Koselig rekkehus',
      address: 'Solveien 12, 1357 Bekkestua',
      startingPrice: 4_500_000,
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    it(`'Startpris 4 500 000 kr', and the highest bid still behind login, at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      await page.goto(server.baseUrl);
      const card = page.getByRole('link', { name: /Koselig rekkehus/ });
      await card.waitFor({ timeout: 15_000 });
      const text = textOf(await card.innerText());
      expect(text).toContain('Startpris 4 500 000 kr');
      expect(text).toContain('Høyeste bud: Krever innlogging');
      await expectNoAxeViolations(page, `landing card with its starting price at ${viewport.width} px`);
      await page.close();
    });
  }

  it('follows a new starting price live', async () => {
    const page = await openPage(browser);
    await page.goto(server.baseUrl);
    const card = page.getByRole('link', { name: /Koselig rekkehus/ });
    await card.waitFor({ timeout: 15_000 });
    await updateStartingPrice(server.deps, seller, roundId, 4_250_000);
    await expect
      .poll(async () => textOf(await card.innerText()), { timeout: 15_000 })
      .toContain('Startpris 4 250 000 kr');
    await page.close();
  });
});
