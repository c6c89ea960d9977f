import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll, testIdText as text } from './page-checks';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 034: the owner rejects a bid with a message ('Avslå'); the bidder, in another
// browser, sees 'Avslått' and the message without reloading, well inside the client's 5 s polling period.
const AT_ONCE = { timeout: 3_000, interval: 50 };

describe.skipIf(!chromiumAvailable())('the seller rejects a bid, and the bidder sees it live', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const seller = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
    const bidderId = await createVerifiedUser(deps.db, 'anna@example.no', 'Anna', 'Andersen');
    const roundId = await openRound(deps.db, seller, {
      title: 'Avslagsgården',
      address: 'Avslagsveien 7, 0001 Oslo',
      days: 3,
    });
    await placeDayBid(deps, (await findViewerById(deps.db, bidderId)) as Viewer, roundId, 5_250_000);
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('owner: Avslå with a message; bidder: Avslått with the message, without a reload; axe finds nothing', async () => {
    const owner = await openPage(browser);
    const bidder = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(owner, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(bidder, server.baseUrl, 'anna@example.no', PASSWORD);
    await Promise.all([owner.goto(roundUrl), bidder.goto(roundUrl)]);
    await expect.poll(() => text(bidder, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await bidder.getByText('Ditt bud').first().waitFor({ timeout: 15_000 });
    // A mark that a reload would wipe.
    await bidder.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const rejectButton = owner.getByRole('button', { name: 'Avslå', exact: true });
    await rejectButton.waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: 'Velg som vinner' }).waitFor();
    await rejectButton.click();
    const dialog = owner.getByRole('dialog', { name: 'Avslå bud' });
    await dialog.waitFor();
    await dialog.getByText('Avslaget er skriftlig og kan ikke angres.').waitFor();
    await dialog.getByLabel('Melding til budgiveren (valgfritt)').fill('Vi har valgt å vente på flere bud.');
    await expectNoAxeViolations(owner, 'the reject dialog');
    await dialog.getByRole('button', { name: 'Avslå budet' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The bidder's page: 'Avslått' and the seller's words, pushed over the stream.
    await expect
      .poll(() => bidder.getByText('Avslått', { exact: true }).first().isVisible(), AT_ONCE)
      .toBe(true);
    await expect
      .poll(() => bidder.getByText('Vi har valgt å vente på flere bud.').isVisible(), AT_ONCE)
      .toBe(true);
    expect(await bidder.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await expectNoAxeViolations(bidder, 'the bidder’s round page with a rejected bid');

    // The owner's list says so too, and no longer offers either action on the rejected bid.
    await owner.getByText('Avslått', { exact: true }).first().waitFor({ timeout: AT_ONCE.timeout });
    await owner.getByText('Vi har valgt å vente på flere bud.').waitFor({ timeout: AT_ONCE.timeout });
    expect(await owner.getByRole('button', { name: 'Avslå', exact: true }).count()).toBe(0);
    expect(await owner.getByRole('button', { name: 'Velg som vinner' }).count()).toBe(0);
    expect(await noSidewaysScroll(owner)).toBe(true);
    await expectNoAxeViolations(owner, 'the owner’s round page with a rejected bid');
    await owner.close();
    await bidder.close();
  });
});
