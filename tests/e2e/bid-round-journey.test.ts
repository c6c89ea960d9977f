import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

const PASSWORD = 'hemmelig1';
const PEOPLE = {
  owner: { email: 'sofie@example.no', firstName: 'Sofie', lastName: 'Selger' },
  anna: { email: 'anna@example.no', firstName: 'Anna', lastName: 'Andersen' },
  bjorn: { email: 'bjorn@example.no', firstName: 'Bjørn', lastName: 'Berg' },
};

async function visible(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

describe.skipIf(!chromiumAvailable())('bid round journey in three browsers', () => {
  let server: E2eServer;
  let browser: Browser;
  const pages: Record<keyof typeof PEOPLE, Page> = {} as never;
  let roundUrl = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    for (const [key, person] of Object.entries(PEOPLE) as [keyof typeof PEOPLE, (typeof PEOPLE)['owner']][]) {
      await createUser(
        server.deps.db,
        {
          ...person,
          password: PASSWORD,
          phone: '+47 41234567',
          address: 'Storgata 1, 0155 Oslo',
          bankName: `${person.firstName}s bank`,
        },
        { emailVerified: true },
      );
      const page = await openPage(browser, {
        viewport: key === 'owner' ? { width: 1280, height: 900 } : { width: 390, height: 844 },
      });
      await page.goto(`${server.baseUrl}/?login=1`);
      const dialog = page.getByRole('dialog', { name: 'Logg inn' });
      await dialog.getByLabel('E-post', { exact: true }).fill(person.email);
      await dialog.getByLabel('Passord', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Aktive budrunder' }).waitFor();
      pages[key] = page;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the owner creates a round with an image', async () => {
    const page = pages.owner;
    await page.getByRole('button', { name: 'Opprett ny budrunde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opprett ny budrunde' });
    await dialog.getByLabel('Tittel').fill('Villa Solgløtt');
    await dialog.getByLabel('Adresse').fill('Solveien 12, 1357 Bekkestua');
    await dialog.getByLabel('Startpris').fill('4000000');
    const image = join(mkdtempSync(join(tmpdir(), 'budrunde-img-')), 'hus.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4d7c0f' } })
      .jpeg()
      .toFile(image);
    await dialog.locator('input[type="file"]').setInputFiles(image);
    await expect
      .poll(() => dialog.getByAltText('Bilde 1', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expectNoAxeViolations(page, 'create-round dialog');
    await dialog.getByRole('button', { name: 'Opprett budrunde' }).click();
    await visible(page, 'Budrunde opprettet');
    const card = page.getByRole('article', { name: 'Villa Solgløtt' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Din eiendom', { exact: true }).isVisible()).toBe(true);
    const src = await card.getByRole('img', { name: 'Villa Solgløtt' }).getAttribute('src');
    expect(src).toMatch(/^\/objects\/property-images\/[0-9a-f-]+\.jpg$/);
    const rounds = await page.request.get(`${server.baseUrl}/api/bid-rounds/user`);
    const round = ((await rounds.json()) as { id: string; property: { title: string } }[]).find(
      (r) => r.property.title === 'Villa Solgløtt',
    );
    roundUrl = `${server.baseUrl}/budrunder/${round?.id}`;
  });

  it('two bidders follow the round and bid through the confirmation dialog', async () => {
    for (const [key, amount] of [
      ['anna', '4000000'],
      ['bjorn', '4150000'],
    ] as const) {
      const page = pages[key];
      await page.goto(roundUrl);
      await page.getByRole('button', { name: 'Følg budrunden' }).click();
      await visible(page, 'Du vil nå motta varsler om alle nye bud');
      await page.getByLabel('Beløp').fill(amount);
      await page.getByRole('button', { name: 'Legg inn bud' }).click();
      const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      expect(await confirm.getByText(/Juridisk bindende avtale/).isVisible()).toBe(true);
      await expectNoAxeViolations(page, `confirm dialog (${key})`);
      await confirm.getByRole('button', { name: 'Bekreft bud' }).click();
      await visible(page, 'Bud lagt inn');
    }
  });

  it('each bidder sees their own bid as “Du” and the other as a pseudonym', async () => {
    for (const [key, own, other] of [
      ['anna', '4 000 000', 'Budgiver B'],
      ['bjorn', '4 150 000', 'Budgiver A'],
    ] as const) {
      const page = pages[key];
      await page.reload();
      const rows = page.getByTestId('bid-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      // Amounts are shown with no-break spaces.
      const texts = (await rows.allTextContents()).map((t) => t.replace(/\s+/g, ' '));
      expect(texts.find((t) => t.includes(own))).toMatch(/Du/);
      expect(texts.some((t) => t.includes(other))).toBe(true);
      expect(texts.join(' ')).not.toMatch(/Anna|Bjørn|Andersen|Berg/);
      await expectNoAxeViolations(page, `round page (${key})`);
    }
  });

  it('the owner sees both bidders in the detailed view and selects the winner', async () => {
    const page = pages.owner;
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click();
    await visible(page, 'Anna Andersen');
    await visible(page, 'Bjørn Berg');
    await expectNoAxeViolations(page, 'owner detailed view');
    await page
      .getByRole('button', { name: /Velg som vinner/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Velg vinner av budrunden' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'select-winner dialog');
    await dialog.getByRole('button', { name: 'Bekreft vinner' }).click();
    await visible(page, 'Vinner valgt!');
  });

  it('journals appear for all three, anonymised for the bidders', async () => {
    for (const [key, expected, hidden] of [
      ['owner', ['Bjørn Berg', 'Anna Andersen'], null],
      ['anna', ['Budgiver B', 'Du'], /Bjørn|Berg/],
      ['bjorn', ['Du', 'Budgiver A'], /Anna|Andersen/],
    ] as const) {
      const page = pages[key];
      await page.goto(server.baseUrl);
      await page
        .getByRole('button', { name: /Vis budjournal/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /Budjournal/ });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      const table = await dialog.getByRole('table').textContent();
      for (const name of expected) expect(table).toContain(name);
      if (hidden) expect(table).not.toMatch(hidden);
      await expectNoAxeViolations(page, `journal dialog (${key})`);
      if (key !== 'owner') await page.keyboard.press('Escape');
    }
  });

  it('the owner downloads the journal as CSV', async () => {
    const page = pages.owner;
    // The button opens the CSV in a new tab, which Chromium turns into a download and closes again; the
    // request proves where it went, and the same URL is fetched again with the owner's session to read it.
    const requested = page.context().waitForEvent('request', (r) => r.url().includes('/journal/csv'));
    await page
      .getByRole('dialog', { name: /Budjournal/ })
      .getByRole('button', { name: 'Last ned CSV' })
      .click();
    const url = (await requested).url();
    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toBe(
      'attachment; filename="budjournal-solveien-12-1357-bekkestua.csv"',
    );
    const text = await response.text();
    expect(text.startsWith('\ufeffBudgiver;Status;Beløp (kr)')).toBe(true);
    expect(text).toContain('Bjørn Berg;Vinner;4150000');
    expect(text).toContain('Anna Andersen;;4000000');
  });
});
