import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

const EMAIL = 'kari.nordmann@example.no';

async function visible(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

async function logIn(page: Page, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Logg inn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logg inn' });
  await dialog.getByLabel('E-post', { exact: true }).fill(EMAIL);
  await dialog.getByLabel('Passord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
}

describe.skipIf(!chromiumAvailable())('account journey', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers in the modal and verifies through the mailed link', async () => {
    await page.goto(server.baseUrl);
    await page.getByRole('button', { name: 'Registrer deg som budgiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrer deg som budgiver' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'registration dialog');

    // The server's rules show in the form before anything is sent.
    await dialog.getByRole('button', { name: 'Registrer deg' }).click();
    await visible(page, 'Fornavn er påkrevd');
    await visible(page, 'Du må godta vilkårene');

    await dialog.getByLabel('Fornavn').fill('Kari');
    await dialog.getByLabel('Etternavn').fill('Nordmann');
    await dialog.getByLabel('E-post').fill(EMAIL);
    await dialog.getByLabel('Passord').fill('hemmelig1');
    await dialog.getByLabel('Telefonnummer').first().fill('41234567');
    await dialog.getByLabel('Gateadresse').fill('Storgata 1');
    await dialog.getByLabel('Postnummer').fill('0155');
    await dialog.getByLabel('Sted').fill('Oslo');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Registrer deg' }).click();
    await visible(page, 'En e-post med verifiseringslenke er sendt til din e-postadresse.');

    const link = await server.linkFromMail(EMAIL, 'Bekreft e-postadressen');
    await page.goto(link);
    await visible(page, 'E-postadressen er bekreftet');
    await expectNoAxeViolations(page, 'verify-email success');
    await page.getByRole('button', { name: 'Gå til innlogging' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Logg inn' }).isVisible()).toBe(true);
  });

  it('logs in, edits the profile and changes the password', async () => {
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await expectNoAxeViolations(page, 'login dialog');
    await dialog.getByLabel('E-post', { exact: true }).fill(EMAIL);
    await dialog.getByLabel('Passord', { exact: true }).fill('hemmelig1');
    await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await visible(page, 'Du er nå innlogget.');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Aktive budrunder' }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('button', { name: 'Rediger profil' }).click();
    await page.getByLabel('Fornavn').fill('Karianne');
    await page.getByLabel('Telefon', { exact: true }).fill('+47 123');
    await page.getByRole('button', { name: 'Lagre', exact: true }).click();
    await visible(page, 'Ugyldig telefonnummer');
    await page.getByLabel('Telefon', { exact: true }).fill('+47 98765432');
    await page.getByRole('button', { name: 'Lagre', exact: true }).click();
    await visible(page, 'Profil oppdatert');
    await visible(page, '+47 98765432');
    await expectNoAxeViolations(page, 'active rounds page with profile');

    await page.getByRole('button', { name: 'Endre passord' }).click();
    const pw = page.getByRole('dialog', { name: 'Endre passord' });
    const save = pw.getByRole('button', { name: 'Lagre nytt passord' });
    expect(await save.isDisabled()).toBe(true);
    await pw.getByLabel('Nåværende passord').fill('hemmelig1');
    await pw.getByLabel('Nytt passord', { exact: true }).fill('nyttpass1');
    await pw.getByLabel('Bekreft nytt passord').fill('nyttpass2');
    await save.click();
    await visible(page, 'De nye passordene stemmer ikke overens.');
    await expectNoAxeViolations(page, 'change-password dialog');
    await pw.getByLabel('Bekreft nytt passord').fill('nyttpass1');
    await save.click();
    await visible(page, 'Passord endret');
  });

  it('logs out, resets the forgotten password through the link, and logs in again', async () => {
    // The page loads anew a moment after logging out; acting before that would race the reload.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await visible(page, 'Du er nå logget ut.');
    await reloaded;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Enkelt å delta i budrunder' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);

    await page.getByRole('banner').getByRole('button', { name: 'Logg inn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByRole('button', { name: 'Glemt passordet?' }).click();
    const send = dialog.getByRole('button', { name: 'Send lenke' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('E-post for tilbakestilling').fill(EMAIL);
    await send.click();
    await visible(page, 'Hvis e-postadressen er registrert, har vi sendt en lenke');

    const link = await server.linkFromMail(EMAIL, 'Tilbakestill passordet');
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Nytt passord', exact: true }).fill('tredjepass');
    await page.getByRole('textbox', { name: 'Bekreft nytt passord' }).fill('tredjepass');
    await expectNoAxeViolations(page, 'reset-password page');
    await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
    await visible(page, 'Du kan nå logge inn med det nye passordet.');
    // The reset removed every passkey, and the page says so (decision 052).
    await visible(page, 'Alle passnøkler er fjernet. Legg til nye under Din profil.');
    await page.goto(server.baseUrl);
    await logIn(page, 'tredjepass');
    await visible(page, 'Du er nå innlogget.');
    expect(await page.getByTestId('greeting').textContent()).toBe('Hei, Karianne');
  });

  it('deletes the account', async () => {
    await page.getByRole('button', { name: 'Din profil' }).click();
    await page.getByRole('button', { name: 'Slett konto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slette kontoen din?' });
    await expectNoAxeViolations(page, 'delete-account dialog');
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
    await visible(page, 'Konto slettet');
    await reloaded;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Enkelt å delta i budrunder' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await logIn(page, 'tredjepass');
    await visible(page, 'Innlogging mislyktes');
  });
});
