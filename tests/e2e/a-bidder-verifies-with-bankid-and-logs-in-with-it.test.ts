import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import type { RecordingSms } from '../setup/recording-sms';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { BIDDER_EMAIL, SELLER_EMAIL, sellerBidderAndRound } from './seller-and-bidder';
import { addPasskeyOnScreen } from './virtual-passkey';

const PASSWORD = 'hemmelig1';
const PHONE = '+47 41234567';

// Decision 064: a bidder verifies their identity in the built-in Test-BankID (oidc-provider, on the same
// server as in the demo), confirms the mobile number the round's SMS goes to, and signs a bid that names
// them with their birth date; the seller sees 'ID bekreftet med BankID' on the bidder's row; the bidder logs
// in again with BankID; an administrator sees the verification and releases it. WebAuthn refuses IP
// addresses, so the app is opened at localhost with APP_URL to match.
describe.skipIf(!chromiumAvailable())('a bidder verifies with BankID and logs in with it', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    roundUrl = (
      await sellerBidderAndRound(server, PASSWORD, {
        title: 'Rekkehus med hage',
        address: 'Bjørkeveien 4, 1352 Kolsås',
        days: 3,
      })
    ).replace(server.baseUrl, baseUrl);
    await server.deps.db.update(users).set({ phone: PHONE }).where(eq(users.email, BIDDER_EMAIL));
    await createUser(
      server.deps.db,
      { email: 'admin@example.no', password: PASSWORD, firstName: 'Anne', lastName: 'Admin' },
      { emailVerified: true, isAdmin: true },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('verifies in the test provider, confirms the mobile, signs a bid with the verified name, and logs in with BankID', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, BIDDER_EMAIL, PASSWORD);
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
    // The profile stays open on coming back from the provider; from a fresh page, a passkey to sign with.
    await page.goto(baseUrl);
    await addPasskeyOnScreen(page, 'Olas telefon');

    // The round sends SMS, so the bidder is asked to confirm the number, there and then.
    await page.goto(roundUrl);
    await page.getByText('Denne budrunden sender SMS om nye bud').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: `Send kode til ${PHONE}` }).click();
    const code = await codeSentTo(server.deps.sms as RecordingSms, PHONE);
    await expectNoAxeViolations(page, 'the round asking to confirm the mobile number');
    await screenshotAtBothWidths(page, 'round-phone-confirmation');
    await page.getByLabel('Kode fra SMS').fill(code);
    await page.getByRole('button', { name: 'Bekreft', exact: true }).click();
    await page.getByText('Mobil bekreftet').first().waitFor();
    await page.getByText('Denne budrunden sender SMS om nye bud').waitFor({ state: 'detached' });

    // The bid's statement names the verified person with their birth date.
    await page.getByLabel('Beløp').fill('4100000');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    const statement = confirm.getByTestId('signing-statement');
    await statement.waitFor({ timeout: 10_000 });
    expect(await statement.textContent()).toMatch(
      /^«Jeg, Ola Nordmann \(født 12\.03\.1985\), byr som forbruker 4 100 000 kr/,
    );
    await confirm.getByRole('button', { name: 'Signer og bekreft bud' }).click();
    await page.getByText('Bud lagt inn').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await page.getByRole('button', { name: 'Logg inn' }).first().waitFor();

    const seller = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(seller, baseUrl, SELLER_EMAIL, PASSWORD);
    await seller.goto(roundUrl);
    await seller.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    await seller.getByText('ID bekreftet med BankID').first().waitFor();
    await seller.getByText('Mobil bekreftet').first().waitFor();
    await expectNoAxeViolations(seller, "the seller's bidder row");
    await screenshotAtBothWidths(seller, 'owner-bidder-row');
    await seller.close();

    // A refused login with BankID comes back to the login dialog, which says why.
    await page.goto(`${baseUrl}/?login=1&identitet=sperret`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByText('Kontoen din er sperret').waitFor();
    await expectNoAxeViolations(page, 'the login dialog after a refused BankID login');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Logged out: the login dialog offers BankID, which logs the same account in.
    await page.goto(`${baseUrl}/?login=1`);
    await dialog.getByRole('link', { name: 'Logg inn med BankID' }).waitFor();
    await expect(dialog.getByText('Kontoen din er sperret').count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'the login dialog');
    await screenshotAtBothWidths(page, 'login-dialog-bankid', dialog);
    await dialog.getByRole('link', { name: 'Logg inn med BankID' }).click();
    await page.getByRole('button', { name: /Ola Nordmann/ }).click();
    await page.getByRole('button', { name: 'Logg ut' }).waitFor();
    await expect(page.getByText('Hei, Ola').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  it("shows an administrator the bidder's verification, and lets them release it", async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'admin@example.no', PASSWORD);
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: /Alle brukere/ }).click();
    await page.getByRole('button', { name: 'Rediger Ola Nordmann' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger bruker' });
    await dialog.getByText('ID bekreftet med BankID').waitFor();
    await dialog.getByText('Mobil bekreftet').waitFor();
    await dialog.getByRole('button', { name: 'Frigi BankID-bekreftelsen' }).click();
    await dialog.getByText('Frigi BankID-bekreftelsen?').waitFor();
    await expectNoAxeViolations(page, 'the user dialog asking to release the verification');
    await screenshotAtBothWidths(page, 'admin-user-identity', dialog);
    await dialog.getByRole('button', { name: 'Ja, frigi' }).click();
    await page.getByText('Bekreftelsen er frigitt').first().waitFor();
    await dialog.getByText('ID ikke bekreftet').waitFor();
    await dialog.getByText(/Frigjorde identiteten bekreftet med BankID/).waitFor();
    await page.keyboard.press('Escape');
    await screenshotAtBothWidths(page, 'admin-users-identity');
    await page.close();
  });

  it('under BID_IDENTITY=required, leads an unverified bidder from the bid form to BankID and back', async () => {
    // The administrator released the verification above, so the bidder is unverified again.
    server.deps.env.BID_IDENTITY = 'required';
    try {
      const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
      await logIn(page, baseUrl, BIDDER_EMAIL, PASSWORD);
      await page.goto(roundUrl);
      await page
        .getByText('Du må bekrefte identiteten din med BankID før du kan by.')
        .waitFor({ timeout: 15_000 });
      await expect(page.getByLabel('Beløp').count()).resolves.toBe(0);
      await expectNoAxeViolations(page, 'the round asking for BankID before a bid');
      await screenshotAtBothWidths(page, 'bid-needs-bankid');
      await page.getByRole('link', { name: 'Bekreft identiteten din med BankID' }).click();
      await page.getByRole('button', { name: /Ola Nordmann/ }).click();
      await page.waitForURL((url) => url.pathname === new URL(roundUrl).pathname);
      await page.getByLabel('Beløp').waitFor({ timeout: 15_000 });
      await page.close();
    } finally {
      server.deps.env.BID_IDENTITY = 'optional';
    }
  });
});

/** The six digits of the newest SMS to `phone`, once the server has sent it. */
async function codeSentTo(sms: RecordingSms, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      code =
        sms
          .to(phone)
          .at(-1)
          ?.match(/\b\d{6}\b/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
