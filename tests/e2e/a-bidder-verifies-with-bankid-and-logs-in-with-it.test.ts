import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById } from '../../src/server/features/accounts/accounts.repository';
import { findAccountIdByEmail } from '../../src/server/features/accounts/accounts.service';
import type { Viewer } from '../../src/server/http/viewer';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { BIDDER_EMAIL, placeDayBid, SELLER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';

const PASSWORD = 'hemmelig1';

// Decision 064: a bidder verifies their identity in the built-in Test-BankID (oidc-provider, on the same
// server as in the demo), the profile shows it, the seller sees 'ID bekreftet med BankID' on the bidder's
// row, and the bidder logs out and in again with BankID.
describe.skipIf(!chromiumAvailable())('a bidder verifies with BankID and logs in with it', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    roundUrl = await sellerBidderAndRound(server, PASSWORD, {
      title: 'Rekkehus med hage',
      address: 'Bjørkeveien 4, 1352 Kolsås',
      days: 3,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('verifies in the test provider, is shown as verified to the seller, and logs in with BankID', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, server.baseUrl, BIDDER_EMAIL, PASSWORD);
    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('link', { name: 'Bekreft identiteten din med BankID' }).click();

    await page.getByText('Testmiljø – ingen ekte identitet').waitFor();
    await expectNoAxeViolations(page, 'the Test-BankID login page');
    await screenshotAtBothWidths(page, 'test-bankid');
    await page.getByRole('button', { name: /Ola Nordmann/ }).click();

    await page.waitForURL(/identitet=bekreftet/);
    await page.getByText('Identiteten din er bekreftet').waitFor();
    await page.getByText('ID bekreftet med BankID').first().waitFor();
    await page.getByText('Ola Nordmann, født 1985').waitFor();
    await expectNoAxeViolations(page, 'the profile with a verified identity');
    await screenshotAtBothWidths(page, 'profile-identity');

    // The bidder's bid, and the seller's view of who bid.
    const bidderId = (await findAccountIdByEmail(server.deps.db, BIDDER_EMAIL)) ?? '';
    await placeDayBid(
      server.deps,
      (await findViewerById(server.deps.db, bidderId)) as Viewer,
      roundIdOf(roundUrl),
      4_100_000,
    );
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await page.getByRole('button', { name: 'Logg inn' }).first().waitFor();

    const seller = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(seller, server.baseUrl, SELLER_EMAIL, PASSWORD);
    await seller.goto(roundUrl);
    await seller.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    await seller.getByText('ID bekreftet med BankID').first().waitFor();
    await expectNoAxeViolations(seller, "the seller's bidder row");
    await screenshotAtBothWidths(seller, 'owner-bidder-row');
    await seller.close();

    // Logged out: the login dialog offers BankID, which logs the same account in.
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByRole('link', { name: 'Logg inn med BankID' }).waitFor();
    await expectNoAxeViolations(page, 'the login dialog');
    await screenshotAtBothWidths(page, 'login-dialog-bankid', dialog);
    await dialog.getByRole('link', { name: 'Logg inn med BankID' }).click();
    await page.getByRole('button', { name: /Ola Nordmann/ }).click();
    await page.getByRole('button', { name: 'Logg ut' }).waitFor();
    await expect(page.getByText('Hei, Ola').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });
});

function roundIdOf(url: string): string {
  return url.split('/').at(-1) ?? '';
}
