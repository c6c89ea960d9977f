import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import type { TestClock } from '../setup/test-clock';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { virtualAuthenticator } from './virtual-passkey';

// Decision 037: a passkey added under 'Din profil' → 'Passnøkler' and used to log in, in Chromium
// with a virtual authenticator (Chrome DevTools Protocol) that verifies its user, as a phone's fingerprint
// would. WebAuthn refuses IP addresses, so the app is opened at localhost with APP_URL to match.
describe.skipIf(!chromiumAvailable())('a passkey, added and used to log in', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    await createVerifiedUser(server.deps.db, 'pia.passkey@example.no', 'Pia', 'Passkey', {
      phone: '+47 41234567',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('adds one in Passnøkler, sees it listed, logs out, and logs in with it', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await logIn(page, baseUrl, 'pia.passkey@example.no', PASSWORD);
    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('button', { name: 'Passnøkler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passnøkler' });
    await dialog.getByText('Du har ingen passnøkler ennå.').waitFor();
    await dialog.getByLabel('Navn på ny passnøkkel').fill('Min bærbare');
    await dialog.getByRole('button', { name: 'Legg til passnøkkel' }).click();
    const list = dialog.getByRole('list', { name: 'Dine passnøkler' });
    await list.getByText('Min bærbare').waitFor();
    await expect(list.getByText('Ikke brukt til innlogging ennå').count()).resolves.toBe(1);
    const stored = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]?.isResidentCredential).toBe(true);
    expect(stored.credentials[0]?.rpId).toBe('localhost');

    // The same device again: the browser refuses (the server listed its passkey as excluded), and says so.
    await dialog.getByLabel('Navn på ny passnøkkel').fill('Samme enhet');
    await dialog.getByRole('button', { name: 'Legg til passnøkkel' }).click();
    await page.getByText('Denne enheten har allerede en passnøkkel for kontoen din.').waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    expect(await list.getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(page, 'the passkey list');
    await screenshotAtBothWidths(page, 'passkey-list', dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Logg ut' }).click();
    // Logged out before going on, as a person sees it: a page loaded while the logout is still under way
    // may be rendered for the session that is ending.
    await page.getByRole('button', { name: 'Logg inn', exact: true }).waitFor();
    await page.goto(`${baseUrl}/?login=1`);
    const login = page.getByRole('dialog', { name: 'Logg inn' });
    await login.getByRole('button', { name: 'Logg inn med passnøkkel' }).waitFor();
    await expectNoAxeViolations(page, 'the login dialog with its passkey button');
    await login.getByRole('button', { name: 'Logg inn med passnøkkel' }).click();
    await page.getByRole('button', { name: 'Logg ut' }).waitFor();
    expect(await page.getByText('Pia', { exact: false }).count()).toBeGreaterThan(0);

    // The list now says when it was last used.
    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('button', { name: 'Passnøkler' }).click();
    await page
      .getByRole('dialog', { name: 'Passnøkler' })
      .getByText(/^Sist brukt /)
      .waitFor();
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]?.signCount).toBeGreaterThan(0);
    await page.close();
  });

  it('removing one after 10 minutes asks for the password again, then removes it', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await virtualAuthenticator(page);
    await createVerifiedUser(server.deps.db, 'otto.gammel@example.no', 'Otto', 'Gammel', {
      phone: '+47 41234568',
    });
    await logIn(page, baseUrl, 'otto.gammel@example.no', PASSWORD);
    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('button', { name: 'Passnøkler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passnøkler' });
    await dialog.getByLabel('Navn på ny passnøkkel').fill('Ottos telefon');
    await dialog.getByRole('button', { name: 'Legg til passnøkkel' }).click();
    const list = dialog.getByRole('list', { name: 'Dine passnøkler' });
    await list.getByText('Ottos telefon').waitFor();

    (server.deps.clock as TestClock).advance(11 * 60_000);
    const remove = dialog.getByRole('button', { name: 'Fjern passnøkkelen Ottos telefon' });
    await remove.click();
    await dialog.getByText('Bekreft at det er deg').waitFor();
    expect(await list.getByText('Ottos telefon').count()).toBe(1);
    await expectNoAxeViolations(page, 'the passkey list asking for the password, 390 px');
    await dialog.getByLabel('Passord', { exact: true }).fill(PASSWORD);
    await remove.click();
    await dialog.getByText('Du har ingen passnøkler ennå.').waitFor();
    await page.close();
  });
});
