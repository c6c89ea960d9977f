import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { deleteRoundAsAdmin } from '../../src/server/features/admin/admin-rounds.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 042: an administrator deleted the round while it was open; the bidder still
// has the journal, and its dialog says plainly that the round was deleted, and when.

const TITLE = 'Slettetunet';

describe.skipIf(!chromiumAvailable())('the journal of a deleted round', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const viewer = async (id: string) => (await findViewerById(deps.db, id)) as Viewer;
    const seller = await viewer(await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger'));
    const bjorn = await viewer(await createVerifiedUser(deps.db, 'bjorn@example.no', 'Bjørn', 'Berg'));
    const admin = await viewer(await createVerifiedUser(deps.db, 'admin@example.no', 'Anne', 'Admin'));
    const roundId = await openRound(deps.db, seller.id, {
      title: TITLE,
      address: 'Slettevegen 4, 0150 Oslo',
      days: 3,
    });
    await placeDayBid(deps, bjorn, roundId, 4_100_000);
    await deleteRoundAsAdmin(deps, { ...admin, isAdmin: true }, roundId);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the bidder’s dialog opens with the notice, the list marks it, and axe finds nothing', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, server.baseUrl, 'bjorn@example.no', PASSWORD);
    const open = page.getByRole('button', { name: `Vis budjournal for ${TITLE}` }).first();
    await expect.poll(() => open.isVisible(), { timeout: 15_000 }).toBe(true);
    // The list of journals marks it before it is opened.
    expect(await page.getByText('Budrunden er slettet av en administrator', { exact: true }).count()).toBe(1);
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Budjournal – ${TITLE}` });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.innerText()).toMatch(
      /Budrunden er slettet av en administrator \d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2}/u,
    );
    expect(await dialog.innerText()).toContain('Budrunden ble slettet av en administrator');
    await expectNoAxeViolations(page, 'journal dialog of a deleted round');
    await screenshotAtBothWidths(page, 'journal-of-a-deleted-round', dialog);
    await page.close();
  });
});
