import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { forgotPassword } from '../../src/server/features/auth/auth.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';

const PASSWORD = 'hemmelig1';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function visible(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

/** Waits for a toast with `text`, and fails if it overlaps the open dialog's close button. */
async function expectToastClearOfCloseButton(page: Page, dialog: Locator, text: string) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await toast.waitFor();
  const a = await boxOf(toast);
  const b = await boxOf(dialog.getByRole('button', { name: 'Lukk', exact: true }));
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast ${JSON.stringify(a)} covers the close button ${JSON.stringify(b)}`).toBe(false);
}

describe.skipIf(!chromiumAvailable())('small fixes from the product audit', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const person = (email: string, firstName: string) => ({
      email,
      password: PASSWORD,
      firstName,
      lastName: 'Nordmann',
      phone: '+47 41234567',
      address: 'Storgata 1, 0155 Oslo',
    });
    await createUser(server.deps.db, person('kari@example.no', 'Kari'), { emailVerified: true });
    await createUser(server.deps.db, person('glemsk@example.no', 'Glemsk'), { emailVerified: true });
    // A long name for the admin, who also has the extra link: the hardest case for a phone's navbar.
    await createUser(server.deps.db, person('admin@example.no', 'Kristoffer-Alexander'), {
      emailVerified: true,
      isAdmin: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the landing list says that no round is open right now', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(server.baseUrl);
    await visible(page, 'Ingen aktiv budrunde for øyeblikket.');
    expect(await page.getByText('Ingen aktive budrunder').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'landing page, empty');
    await page.close();
  });

  it.each([
    ['a user', 'kari@example.no', 'Hei, Kari'],
    ['an admin with a long name', 'admin@example.no', 'Hei, Kristoffer-Alexander'],
  ])('greets %s on a 390 px phone without sideways scrolling', async (_who, email, greeting) => {
    const page = await openPage(browser, { viewport: PHONE });
    await logIn(page, server.baseUrl, email, PASSWORD);
    const shown = page.getByTestId('greeting');
    expect(await shown.isVisible()).toBe(true);
    expect(await shown.textContent()).toBe(greeting);
    const box = await boxOf(shown);
    expect(box.width).toBeGreaterThan(40);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    if (email.startsWith('admin')) {
      expect(await page.getByRole('link', { name: 'Admin Panel' }).isVisible()).toBe(true);
    }
    await expectNoAxeViolations(page, `navbar at 390 px for ${email}`);
    await page.close();
  });

  it('never doubles the app name in the document title', async () => {
    const page = await openPage(browser, { viewport: DESKTOP });
    await logIn(page, server.baseUrl, 'kari@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/budrunder/00000000-0000-4000-8000-000000000000`);
    // Not 'networkidle': the live stream keeps a request open for as long as the page lives.
    await page.getByRole('heading', { level: 1, name: 'Siden finnes ikke' }).waitFor({ timeout: 15_000 });
    expect(await page.title()).not.toMatch(/Budrunde\s*–\s*Budrunde/);
    await page.close();
  });

  it('forgot-password points at a malformed address in the field, from the form and from the server', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByRole('button', { name: 'Glemt passordet?' }).click();
    const field = dialog.getByLabel('E-post for tilbakestilling');
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/forgot-password')) requests++;
    });
    await field.fill('kari@');
    await dialog.getByRole('button', { name: 'Send lenke' }).click();
    await visible(page, 'Ugyldig e-postadresse');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toBe(0);
    expect(await page.getByText('Feil ved sending').count()).toBe(0);
    await expectNoAxeViolations(page, 'forgot-password box with a field error');

    // Typing clears the error; a 400 about the address from the server lands on the field too.
    await field.fill('kari@example.no');
    expect(await dialog.getByText('Ugyldig e-postadresse').count()).toBe(0);
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Ugyldig e-postadresse',
          errors: [{ path: 'email', message: 'Ugyldig e-postadresse' }],
        }),
      }),
    );
    await field.press('Enter');
    await visible(page, 'Ugyldig e-postadresse');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Feil ved sending').count()).toBe(0);
    await page.close();
  });

  it('names the password toggle in Norwegian, after its state', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    const input = dialog.getByLabel('Passord', { exact: true });
    await input.fill('hemmelig1');
    expect(await page.getByRole('button', { name: 'Toggle password visibility' }).count()).toBe(0);
    expect(await input.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Vis passord' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    expect(await dialog.getByRole('button', { name: 'Vis passord' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'login dialog with the password shown');
    await dialog.getByRole('button', { name: 'Skjul passord' }).click();
    expect(await input.getAttribute('type')).toBe('password');

    // A toast raised while the dialog is open stays clear of its close button.
    await dialog.getByLabel('E-post', { exact: true }).fill('kari@example.no');
    await input.fill('feilpassord');
    await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expectToastClearOfCloseButton(page, dialog, 'Innlogging mislyktes');
    await page.close();
  });

  // On a phone the dialog fills the screen, with its close button in the top corner where toasts used to be.
  it.each([
    ['390 px', PHONE, 'Kari', 'Karoline', '+47 98765432'],
    ['1280 px', DESKTOP, 'Karoline', 'Kaja', '+47 98765433'],
  ])(
    'edits the profile in a dialog at %s; saving closes it and shows the new values',
    async (_w, viewport, before, after, phone) => {
      const page = await openPage(browser, { viewport });
      await logIn(page, server.baseUrl, 'kari@example.no', PASSWORD);
      await page.getByRole('button', { name: 'Din profil' }).click();
      await page.getByRole('button', { name: 'Rediger profil' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rediger profil' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Fornavn').inputValue()).toBe(before);
      await expectNoAxeViolations(page, 'profile dialog');

      // Cancelling keeps nothing.
      await dialog.getByLabel('Fornavn').fill('Avbrutt');
      await dialog.getByRole('button', { name: 'Avbryt' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Rediger profil' }).click();
      expect(await dialog.getByLabel('Fornavn').inputValue()).toBe(before);

      // The same phone rule as before, now with the dialog kept open and the toast clear of its close button.
      await dialog.getByLabel('Fornavn').fill(after);
      await dialog.getByLabel('Telefon', { exact: true }).fill('+47 123');
      await dialog.getByRole('button', { name: 'Lagre', exact: true }).click();
      await expectToastClearOfCloseButton(page, dialog, 'Ugyldig telefonnummer');
      expect(await dialog.isVisible()).toBe(true);
      await expectNoAxeViolations(page, 'profile dialog with an error');

      await dialog.getByLabel('Telefon', { exact: true }).fill(phone);
      await dialog.getByRole('button', { name: 'Lagre', exact: true }).click();
      await visible(page, 'Profil oppdatert');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await visible(page, phone);
      await visible(page, `${after} Nordmann`);
      expect(await page.getByTestId('greeting').textContent()).toBe(`Hei, ${after}`);
      await page.close();
    },
  );

  it('tells that a used or unknown reset link is spent, and offers a new one instead of the form', async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await forgotPassword(server.deps, { email: 'glemsk@example.no' }, 'e2e');
    const link = await server.linkFromMail('glemsk@example.no', 'Tilbakestill passordet');

    // A fresh link shows the form, and looking at it does not use the link up.
    await page.goto(link);
    const newPassword = page.getByRole('textbox', { name: 'Nytt passord', exact: true });
    await newPassword.waitFor();
    await page.goto(link);
    await newPassword.fill('nyttpass1');
    await page.getByRole('textbox', { name: 'Bekreft nytt passord' }).fill('nyttpass1');
    await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
    await visible(page, 'Du kan nå logge inn med det nye passordet.');

    for (const url of [link, `${server.baseUrl}/reset-password?token=finnes-ikke`]) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'Lenken er brukt eller utløpt' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Nytt passord', exact: true }).count()).toBe(0);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
    await expectNoAxeViolations(page, 'spent reset link');

    await page.getByLabel('E-post for tilbakestilling').fill('glemsk@example.no');
    await page.getByRole('button', { name: 'Send lenke' }).click();
    await visible(page, 'Hvis e-postadressen er registrert, har vi sendt en lenke');
    await page.close();
  });
});
