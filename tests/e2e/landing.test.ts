import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPropertyPicture } from '../../src/server/demo/property-picture';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { storePropertyImage } from '../../src/server/features/images/image-processing';
import { formatDayMonth } from '../../src/shared/format/date';
import { createRoundSchema } from '../../src/shared/schemas/bid-round';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

describe.skipIf(!chromiumAvailable())('landing page (visitor)', () => {
  let server: E2eServer;
  let browser: Browser;
  let deadline: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (path: string, viewport = VIEWPORTS[1]): Promise<Page> => {
    const page = await openPage(browser, { viewport });
    await page.goto(server.baseUrl + path);
    return page;
  };

  it('shows the empty state when no round is open', async () => {
    const page = await open('/');
    await expect.poll(() => page.getByText('Ingen aktive budrunder').isVisible()).toBe(true);
    expect(
      await page.getByText('Nye budrunder vil bli publisert her når de blir tilgjengelige').isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(page, 'landing page, empty');
    await page.close();
  });

  it('shows three skeleton cards while loading (a page served without its first data), then the rounds as cards', async () => {
    const ownerId = await createUser(
      server.deps.db,
      { email: 'selger@example.no', password: 'hemmelig1', firstName: 'Kari', lastName: 'Selger' },
      { emailVerified: true },
    );
    const imageUrl = await storePropertyImage(
      server.deps.storage,
      await drawPropertyPicture({
        kind: 'house',
        sky: ['#60a5fa', '#dbeafe'],
        wall: '#fff',
        roof: '#991b1b',
        ground: '#4d7c0f',
      }),
    );
    deadline = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const base = { address: 'Solveien 12, 1357 Bekkestua', startingPrice: 4_350_000, deadline };
    await createRound(
      server.deps.db,
      ownerId,
      createRoundSchema.parse({ ...base, title: 'Koselig enebolig', imageUrl }),
    );
    await createRound(
      server.deps.db,
      ownerId,
      createRoundSchema.parse({ ...base, title: 'Hytte ved sjøen', size: 65 }),
    );

    const page = await openPage(browser, { viewport: VIEWPORTS[1] });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/bid-rounds/active', async (route) => {
      await held;
      await route.continue();
    });
    // The page as served when its first data did not make it into the HTML in time (a slow database): the
    // build's index.html as it is, neither rendered nor carrying data.
    await page.route(`${server.baseUrl}/`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: readFileSync('dist/client/index.html', 'utf8') });
    });
    await page.goto(server.baseUrl);
    await expect.poll(() => page.getByTestId('round-card-skeleton').count()).toBe(3);
    release();
    await expect.poll(() => page.getByText('Koselig enebolig').isVisible()).toBe(true);
    expect(await page.getByTestId('round-card-skeleton').count()).toBe(0);

    const card = page.getByRole('link', { name: /Koselig enebolig/ });
    await expect.poll(() => card.getByText('Krever innlogging').isVisible()).toBe(true);
    expect(await card.getByText('Aktiv', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(formatDayMonth(deadline)).isVisible()).toBe(true);
    const image = card.getByRole('img', { name: 'Koselig enebolig' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await page.getByText('65 m²').isVisible()).toBe(true);
    await page.close();
  });

  it('shows the rounds at once from the data in its HTML, while the API has not answered', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS[0] });
    const calls: string[] = [];
    // The API never answers: whatever the page shows came with the HTML.
    await page.route('**/api/**', (route) => {
      calls.push(new URL(route.request().url()).pathname);
    });
    await page.goto(server.baseUrl);
    await expect.poll(() => page.getByText('Koselig enebolig').isVisible()).toBe(true);
    expect(await page.getByText('Hytte ved sjøen').isVisible()).toBe(true);
    expect(await page.getByTestId('round-card-skeleton').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logg inn' }).first().isVisible()).toBe(true);
    expect(calls).not.toContain('/api/auth/user');
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`asks a visitor to log in when a card is clicked (${viewport.name})`, async () => {
      const page = await open('/', viewport);
      await page.getByRole('link', { name: /Koselig enebolig/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Logg inn for å se budrunden' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(
        await dialog.getByText('Du må være innlogget for å delta i budrunder og se buddetaljer.').isVisible(),
      ).toBe(true);
      expect(page.url()).toBe(`${server.baseUrl}/`);
      await expectNoAxeViolations(page, `login-required dialog (${viewport.name})`);
      await dialog.getByRole('button', { name: 'Avbryt' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expectNoAxeViolations(page, `landing page with cards (${viewport.name})`);
      await page.close();
    });
  }

  it('the hero and navbar are there', async () => {
    const page = await open('/');
    // The first render is a transition: it may finish just after the load event, so wait for it.
    await page.getByRole('heading', { level: 1, name: 'Enkelt å delta i budrunder' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logg inn' }).isVisible()).toBe(true);
    for (const name of ['Slik fungerer det', 'Kontakt oss', 'Personvern', 'Vilkår', 'Informasjonskapsler']) {
      expect(await page.getByRole('contentinfo').getByRole('link', { name }).isVisible()).toBe(true);
    }
    await page.close();
  });
});
