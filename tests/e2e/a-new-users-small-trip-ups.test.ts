import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { selectWinner } from '../../src/server/features/bid-rounds/round-lifecycle.service';
import { addViewing } from '../../src/server/features/viewings/viewings.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { osloDayAhead, viewingOn } from '../setup/viewings';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn, submitLoginDialog } from './log-in';
import { placeDayBid } from './seller-and-bidder';

// Smaller things a new user met: the mail's journal link, a decided round's viewings, the landing page's
// button at 320 px, and a page that says it is offline instead of waiting for ever.

const DAY = 86_400_000;

describe.skipIf(!chromiumAvailable())('small things a new user met', () => {
  let server: E2eServer;
  let browser: Browser;
  let decidedId: string;
  let openId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const sellerId = await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger');
    const bidderId = await createVerifiedUser(deps.db, 'anna@example.no', 'Anna', 'Andersen');
    const seller = (await findViewerById(deps.db, sellerId)) as Viewer;
    const bidder = (await findViewerById(deps.db, bidderId)) as Viewer;
    const round = (title: string) =>
      createRound(deps.db, sellerId, {
        title,
        address: `${title} 1, 0150 Oslo`,
        startingPrice: 4_000_000,
        deadline: new Date(Date.now() + 60 * DAY).toISOString(),
      });
    decidedId = await round('Avgjortveien');
    openId = await round('Åpenveien');
    // The bid first: a viewing moves the shortest acceptance deadline past a day's bid (the 12:00 rule).
    const winning = await placeDayBid(deps, bidder, decidedId, 4_200_000);
    await addViewing(deps, seller, decidedId, viewingOn(osloDayAhead(20)));
    await selectWinner(deps, seller, decidedId, winning.id);
    await placeDayBid(deps, bidder, openId, 4_100_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the mail’s ‘Se budjournalen’ link opens that journal, after logging in when need be', async () => {
    // The link every mail at the round's end carries (its text is tested through the API).
    const link = `${server.baseUrl}/?budjournal=${decidedId}`;
    const page = await openPage(browser);
    await page.goto(link as string);
    await submitLoginDialog(page, 'anna@example.no', PASSWORD);
    await page.getByRole('dialog', { name: 'Budjournal – Avgjortveien' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('a decided round offers its viewings to no bidder', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/budrunder/${decidedId}`);
    await page.getByRole('heading', { level: 1, name: 'Avgjortveien' }).waitFor();
    await page
      .getByText('Budrunden er avgjort')
      .or(page.getByText(/avsluttet/i))
      .first()
      .waitFor();
    expect(await page.getByTestId('round-viewings').count()).toBe(0);
    expect(await page.getByText('Legg i kalender').count()).toBe(0);
    await page.close();
  });

  it('at 320 px the landing page’s button reads in full', async () => {
    const page = await openPage(browser, { viewport: { width: 320, height: 700 } });
    await page.goto(server.baseUrl);
    const button = page.getByRole('button', { name: 'Registrer deg som budgiver' });
    await button.waitFor();
    const cut = await button.evaluate((b) => {
      const label = b.querySelector('.mantine-Button-label') as HTMLElement;
      return label.scrollWidth > label.clientWidth || b.scrollWidth > b.clientWidth;
    });
    expect(cut).toBe(false);
    await page.close();
  });

  it('a day chosen with Enter keeps the focus in the date field', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/budrunder/${openId}`);
    const field = page.getByRole('group', { name: 'Akseptfrist' }).getByRole('button').first();
    await field.waitFor();
    await expect.poll(() => field.isEnabled()).toBe(true);
    await field.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog').filter({ has: page.locator('table') });
    await calendar.waitFor();
    // The calendar's days take the keyboard: move to a later day and choose it.
    await calendar.locator('button[data-today], button[data-selected]').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    const inField = () =>
      page.evaluate(() => document.activeElement?.closest('fieldset')?.getAttribute('aria-label') ?? null);
    await expect.poll(inField).toBe('Akseptfrist');
    await page.close();
  });

  it('offline: the live badge says ‘Frakoblet’, and the words to sign say what went wrong', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/budrunder/${openId}`);
    await expect
      .poll(() => page.getByTestId('live-status').textContent(), { timeout: 15_000 })
      .toBe('Direkte');
    await page.getByLabel('Beløp').fill('4200000');
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('Frakoblet');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Du er frakoblet. Koble til nettet og prøv igjen.').waitFor({ timeout: 12_000 });
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Prøv igjen' }).click();
    await dialog.getByRole('button', { name: /Bekreft bud/ }).waitFor();
    await expect
      .poll(() => page.getByTestId('live-status').textContent(), { timeout: 15_000 })
      .toBe('Direkte');
    await page.close();
  });
});
