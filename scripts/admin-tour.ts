// A walk through the admin panel for a human to look at: every tab and dialog at phone and desktop width.
//   BASE_URL=http://localhost:5000 npx tsx scripts/admin-tour.ts   (a server with demo data)
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium, openPage } from '../tests/e2e/chromium';

const base = process.env.BASE_URL ?? 'http://localhost:5000';
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

mkdirSync('screenshots', { recursive: true });
const browser = await launchChromium();

async function shot(page: Page, name: string, width: string) {
  const file = `screenshots/admin-${name}-${width}.png`;
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(file, sideways ? 'SCROLLS SIDEWAYS' : '');
}

for (const viewport of widths) {
  const page = await openPage(browser, { viewport });
  await page.goto(`${base}/?login=1`);
  const login = page.getByRole('dialog', { name: 'Logg inn' });
  await login.getByLabel('E-post', { exact: true }).fill('admin@budrunde.no');
  await login.getByLabel('Passord', { exact: true }).fill('budrunde123');
  await login.getByRole('button', { name: 'Logg inn', exact: true }).click();
  await page.getByRole('button', { name: 'Logg ut' }).waitFor();
  await page.goto(`${base}/admin`);
  await page
    .getByRole('tab', { name: /Uverifisert e-post/ })
    .waitFor({ timeout: 10_000 })
    .catch(async (error) => {
      await page.screenshot({ path: 'screenshots/admin-failed.png', fullPage: true });
      throw error;
    });
  await shot(page, 'unverified', viewport.name);
  await page
    .getByRole('button', { name: /^Godkjenn forespørselen/ })
    .first()
    .click();
  await shot(page, 'reset-approve-dialog', viewport.name);
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole('button', { name: /^Avvis Nina/ }).click();
  await shot(page, 'reject-user-dialog', viewport.name);
  await page.getByRole('button', { name: 'Avbryt' }).click();

  await page.getByRole('tab', { name: /Alle brukere/ }).click();
  await shot(page, 'users', viewport.name);
  await page.getByRole('button', { name: /^Rediger Ola/ }).click();
  await shot(page, 'edit-dialog', viewport.name);
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole('button', { name: /^Budhistorikk for Ola/ }).click();
  await page.getByRole('dialog').getByText('Eiendom').first().waitFor();
  await shot(page, 'bids-dialog', viewport.name);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Endre passord for Ola/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lagre nytt passord' }).click();
  await shot(page, 'password-dialog-errors', viewport.name);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Slett Ola/ }).click();
  await shot(page, 'delete-user-dialog', viewport.name);
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByLabel('Søk').fill('ingen-slik-bruker');
  await shot(page, 'users-empty-search', viewport.name);

  await page.getByRole('tab', { name: /Budrunder/ }).click();
  await shot(page, 'rounds', viewport.name);
  await page
    .getByRole('button', { name: /^Vis bud \(3\)/ })
    .first()
    .click();
  await page.waitForTimeout(800);
  await shot(page, 'round-bids', viewport.name);
  await page.getByRole('button', { name: 'Slett', exact: true }).first().click();
  await shot(page, 'delete-round-dialog', viewport.name);
  await page.close();
}
await browser.close();
