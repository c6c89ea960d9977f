import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { openRound } from './seller-and-bidder';
import { addPasskeyOnScreen } from './virtual-passkey';

// Decision 039 on screen: a bidder with a passkey reads the words of the bid in
// the confirm dialog and signs them with a virtual authenticator (Chrome DevTools Protocol) that verifies
// its user; the seller sees 'Signert med passnøkkel' beside the bid. WebAuthn refuses IP addresses, so the
// app is opened at localhost with APP_URL to match.

const PASSWORD = 'hemmelig1';

describe.skipIf(!chromiumAvailable())('a bid signed with a passkey', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    const { db } = server.deps;
    const seller = await createUser(
      db,
      { email: 'selger@example.no', password: PASSWORD, firstName: 'Sofie', lastName: 'Selger' },
      { emailVerified: true },
    );
    await createUser(
      db,
      { email: 'ola@example.no', password: PASSWORD, firstName: 'Ola', lastName: 'Nordmann' },
      { emailVerified: true },
    );
    const id = await openRound(db, seller, {
      title: 'Lys 3-roms på Grünerløkka',
      address: 'Thorvald Meyers gate 10, 0555 Oslo',
      days: 3,
    });
    roundUrl = `${baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the bidder adds a passkey, reads the statement in the confirm dialog and signs the bid', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'ola@example.no', PASSWORD);
    const { cdp, authenticatorId } = await addPasskeyOnScreen(page, 'Olas telefon');
    const before = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount;

    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Legg inn bud' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Beløp').fill('5250000');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    const statement = confirm.getByTestId('signing-statement');
    await statement.waitFor({ timeout: 10_000 });
    const text = (await statement.textContent()) ?? '';
    expect(text).toMatch(
      /^«Jeg, Ola Nordmann, byr som forbruker 5 250 000 kr \(fem millioner to hundre og femti tusen kroner\) for Lys 3-roms på Grünerløkka, Thorvald Meyers gate 10, 0555 Oslo\. Akseptfrist: \d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2}\. Forbehold: ingen\.»$/u,
    );
    await expectNoAxeViolations(page, 'the confirm dialog with the words to sign');
    await screenshotAtBothWidths(page, 'signing-confirm-dialog', confirm);
    await confirm.getByRole('button', { name: 'Signer og bekreft bud' }).click();
    await page.getByText('Bud lagt inn').first().waitFor({ timeout: 15_000 });
    const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount;
    expect(after).toBeGreaterThan(before ?? 0);
    await page.close();
  });

  it('the seller sees the bid marked “Signert med passnøkkel”', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, baseUrl, 'selger@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    const row = page.getByTestId('bid-row').filter({ hasText: '5 250 000' });
    await row.getByText('Signatur: Signert med passnøkkel', { exact: true }).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'the seller’s bid list with a signed bid, 390 px');
    await page.close();
  });

  // Decision 062: the passkey's signature (WebCrypto, through @simplewebauthn's helpers) checked in the browser.
  it('the bidder checks the signed bid in his chain on /kontroller-budjournal', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'ola@example.no', PASSWORD);
    const roundId = roundUrl.split('/').at(-1);
    const exported = await page.request.get(`${baseUrl}/api/bid-rounds/${roundId}/journal/export`);
    expect(exported.status()).toBe(200);
    await page.goto(`${baseUrl}/kontroller-budjournal`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'budkjede.json',
      mimeType: 'application/json',
      buffer: Buffer.from(await exported.text()),
    });
    await page.getByRole('button', { name: 'Kontroller budjournalen' }).click();
    const result = page.getByTestId('journal-check-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getAttribute('data-verdict')).toBe('holds');
    expect(await result.innerText()).toContain('Signaturer med passnøkkel som du kan se: 1 kontrollert.');
    await page.close();
  });
});
