import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { insertResetRequest } from '../../src/server/features/auth/password-resets.repository';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { createVerifiedUser, PASSWORD, person } from '../setup/person';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';

const DAY = 86_400_000;
const NARROWEST = { width: 320, height: 640 };

/** How far the page reaches past the viewport's right edge, in CSS pixels (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Waits for the page to show its h1 in its own fonts, so that what is measured is the page, not a loading
 * state. (Not 'networkidle': the live event stream keeps a request open.)
 */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

describe.skipIf(!chromiumAvailable())('no page scrolls sideways on a 320 px phone', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundPath = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const contact = { phone: '+47 41234567', address: 'Kongens gate 1, 0153 Oslo' };
    await createUser(db, person('admin@example.no', 'Anne', 'Admin', contact), {
      emailVerified: true,
      isAdmin: true,
    });
    // A registration waiting for verification, with a long address: the admin's card for it on a phone.
    await createUser(db, person('nina.nordmann-kristiansen@eksempel-domene.no', 'Nina', 'Nordmann', contact));
    const ingrid = await createVerifiedUser(db, 'ingrid@example.no', 'Ingrid', 'Berg', contact);
    await insertResetRequest(db, ingrid, 'Glemt passord (lenke på e-post)');
    const seller = await createVerifiedUser(db, 'selger@example.no', 'Sofie', 'Selger', contact);
    const bidder = await createVerifiedUser(db, 'anna@example.no', 'Anna', 'Andersen', contact);
    const roundId = await createRound(db, seller, {
      title: 'Funkisvilla med utsikt over Oslofjorden',
      address: 'Fjordveien 123, 1363 Høvik',
      startingPrice: 12_500_000,
      deadline: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    const viewer = await findViewerById(db, bidder);
    if (!viewer) throw new Error('no bidder');
    await placeBid(server.deps, viewer, {
      bidRoundId: roundId,
      amount: 12_750_000,
      conditions: 'Forutsetter finansiering og salg av egen bolig',
      bidDeadline: new Date(Date.now() + DAY),
    });
    roundPath = `/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('every page a visitor can open', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    const overflows: Record<string, number> = {};
    for (const path of [
      '/',
      '/register',
      '/verify-email?token=ugyldig',
      '/reset-password?token=ugyldig',
      '/how-it-works',
      '/contact',
      '/personvern',
      '/vilkaar',
      '/cookies',
      '/kontroller-budjournal',
      '/finnes-ikke',
    ]) {
      await page.goto(server.baseUrl + path);
      await settle(page);
      overflows[path] = await sidewaysOverflow(page);
    }
    await page.close();
    expect(overflows).toEqual(Object.fromEntries(Object.keys(overflows).map((path) => [path, 0])));
  });

  it('the privacy and cookie pages on a 390 px phone', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const overflows: Record<string, number> = {};
    for (const path of ['/personvern', '/cookies']) {
      await page.goto(server.baseUrl + path);
      await settle(page);
      overflows[path] = await sidewaysOverflow(page);
    }
    await page.close();
    expect(overflows).toEqual({ '/personvern': 0, '/cookies': 0 });
  });

  it('the signed-in pages of a bidder and a seller', async () => {
    const overflows: Record<string, number> = {};
    for (const email of ['anna@example.no', 'selger@example.no']) {
      const page = await openPage(browser, { viewport: NARROWEST });
      await logIn(page, server.baseUrl, email, PASSWORD);
      await settle(page);
      overflows[`${email} /`] = await sidewaysOverflow(page);
      await page.goto(server.baseUrl + roundPath);
      await settle(page);
      await page.getByRole('heading', { name: 'Innkomne bud' }).waitFor({ timeout: 15_000 });
      overflows[`${email} round page`] = await sidewaysOverflow(page);
      await page.close();
    }
    expect(overflows).toEqual(Object.fromEntries(Object.keys(overflows).map((key) => [key, 0])));
  });

  it('every tab of the admin panel, with the text of each card inside its border', async () => {
    const page = await openPage(browser, { viewport: NARROWEST });
    await logIn(page, server.baseUrl, 'admin@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/admin`);
    await settle(page);
    const overflows: Record<string, number> = {};
    for (const tab of [/Uverifisert e-post/, /Alle brukere/, /Budrunder/]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').getByRole('button').first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(300);
      overflows[tab.source] = await sidewaysOverflow(page);
    }
    expect(overflows).toEqual(Object.fromEntries(Object.keys(overflows).map((key) => [key, 0])));

    await page.getByRole('tab', { name: /Uverifisert e-post/ }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Nina Nordmann' });
    await card.waitFor({ timeout: 15_000 });
    // Every piece of text keeps clear of the card's border (1 px) and its padding: none runs into the edge.
    const clearance = await card.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const padding = Number.parseFloat(getComputedStyle(element).paddingRight);
      let worst = Number.POSITIVE_INFINITY;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) worst = Math.min(worst, box.right - rect.right);
      }
      return { worst, padding };
    });
    expect(clearance.worst).toBeGreaterThanOrEqual(clearance.padding);
    await page.close();
  });
});
