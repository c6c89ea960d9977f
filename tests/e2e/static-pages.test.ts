import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

const PAGES = [
  { path: '/how-it-works', heading: 'Slik fungerer det', text: 'Bud er juridisk bindende' },
  { path: '/contact', heading: 'Kontakt oss', text: 'Mandag–fredag 08:00–17:00' },
  { path: '/personvern', heading: 'Personvernerklæring', text: 'Datatilsynet' },
  { path: '/vilkaar', heading: 'Vilkår for bruk', text: 'avtaleloven' },
  { path: '/cookies', heading: 'Informasjonskapsler (cookies)', text: 'budrunde.sid' },
  { path: '/kontroller-budjournal', heading: 'Kontroller budjournalen', text: 'Filen lastes ikke opp' },
  { path: '/finnes-ikke', heading: 'Siden finnes ikke', text: 'Til forsiden' },
];

describe.skipIf(!chromiumAvailable())('static pages and 404', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const { path, heading, text } of PAGES) {
    it(`${path} shows “${heading}” and passes axe`, async () => {
      const page = await openPage(browser);
      await page.goto(server.baseUrl + path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect.poll(() => h1.isVisible()).toBe(true);
      expect(await page.getByText(text).first().isVisible()).toBe(true);
      expect(await page.title()).toBe(`${heading} – Budrunde`);
      await expectNoAxeViolations(page, path);
      await page.close();
    });
  }

  it('‘Slik fungerer det’ explains the answers, signing, viewings and the chain; the seller “trenger ikke” choose the highest', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/how-it-works`);
    for (const section of [
      'Avslag, motbud og aksept',
      'Signering med passnøkkel',
      'Visninger og 12-regelen',
      'Budjournalens kjede: kontroller den selv',
    ])
      await page.getByRole('heading', { name: section }).waitFor();
    expect(await page.getByText('kl. 12.00 første virkedag etter siste visning').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Kontroller budjournal' }).getAttribute('href')).toBe(
      '/kontroller-budjournal',
    );
    for (const path of ['/how-it-works', '/vilkaar']) {
      await page.goto(server.baseUrl + path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const text = await page.locator('main').innerText();
      expect(text, path).toContain('trenger ikke å velge');
      expect(text, path).not.toMatch(/må ikke velge/);
    }
    await page.close();
  });

  it('an unknown page and a round that does not exist answer 404 with the 404 page, rendered on the server, and hydrate', async () => {
    const paths = [
      '/finnes-ikke',
      '/budrunder/ikke-en-id',
      '/budrunder/00000000-0000-4000-8000-000000000000',
    ];
    for (const path of paths) {
      const page = await openPage(browser);
      const response = await page.goto(server.baseUrl + path);
      expect(response?.status(), path).toBe(404);
      // The server's HTML is the 404 page itself, not an empty page for the script to fill.
      expect(await response?.text()).toContain('Siden finnes ikke');
      const h1 = page.getByRole('heading', { level: 1, name: 'Siden finnes ikke' });
      await expect.poll(() => h1.isVisible()).toBe(true);
      expect(await page.title()).toBe('Siden finnes ikke – Budrunde');
      await page.close();
    }
  });

  it('the contact page shows the configured phone, e-mail and address', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/contact`);
    const { CONTACT_PHONE, CONTACT_EMAIL, CONTACT_ADDRESS } = server.deps.env;
    await expect.poll(() => page.getByRole('link', { name: CONTACT_PHONE }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: CONTACT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${CONTACT_EMAIL}`,
    );
    expect(await page.getByText(CONTACT_ADDRESS).isVisible()).toBe(true);
    await page.close();
  });

  it('footer links navigate in the app, and the 404 page leads home', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.baseUrl}/finnes-ikke`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Personvern' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Personvernerklæring' }).isVisible())
      .toBe(true);
    expect(page.url()).toBe(`${server.baseUrl}/personvern`);
    await page.goto(`${server.baseUrl}/finnes-ikke`);
    await page.getByRole('link', { name: 'Til forsiden', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Enkelt å delta i budrunder' }).isVisible())
      .toBe(true);
    await page.close();
  });
});
