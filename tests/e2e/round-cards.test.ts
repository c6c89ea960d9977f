import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { closeRound, selectWinner } from '../../src/server/features/bid-rounds/round-lifecycle.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { placeDayBid } from './seller-and-bidder';

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const LINK = 'https://example.no/prospekt-fjordglott';
const DESCRIPTION = `Lys og romslig leilighet med utsikt over fjorden, nytt bad og kjøkken fra 2021. Prospekt: ${LINK}. Visning søndag.`;

describe.skipIf(!chromiumAvailable())('round cards: the description, and the seller’s list', () => {
  let server: E2eServer;
  let browser: Browser;
  let nearestId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const deps = server.deps;
    const person = (email: string, firstName: string) =>
      createVerifiedUser(deps.db, email, firstName, 'Test');
    const sellerId = await person('selger@example.no', 'Sofie');
    const bidderId = await person('anna@example.no', 'Anna');
    const seller = (await findViewerById(deps.db, sellerId)) as Viewer;
    const bidder = (await findViewerById(deps.db, bidderId)) as Viewer;
    const round = (title: string, days: number, description?: string) =>
      createRound(deps.db, sellerId, {
        title,
        address: `${title}veien 1, 0150 Oslo`,
        description,
        startingPrice: 4_000_000,
        deadline: new Date(Date.now() + days * DAY).toISOString(),
      });
    const bid = (roundId: string, amount: number) => placeDayBid(deps, bidder, roundId, amount);

    await round('Senere', 6);
    nearestId = await round('Fjordgløtt', 1, DESCRIPTION);
    await round('Midt i mellom', 3);
    const sold = await round('Solgt', 2);
    const winning = await bid(sold, 4_250_000);
    await selectWinner(deps, seller, sold, winning.id);
    const unsold = await round('Usolgt', 2);
    await bid(unsold, 4_100_000);
    await closeRound(deps, seller, unsold);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a visitor’s card shows the cut description; “Vis mer” is part of the card’s one link and asks for login', async () => {
    const page = await openPage(browser);
    await page.goto(server.baseUrl);
    const card = page.getByRole('link', { name: /Fjordgløtt/ });
    await card.getByText('Vis mer').waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toContain('Lys og romslig leilighet');
    expect(await card.innerText()).not.toContain('Visning søndag');
    expect(await page.locator('a a').count()).toBe(0);
    await card.getByText('Vis mer').click();
    const dialog = page.getByRole('dialog', { name: 'Logg inn for å se budrunden' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.baseUrl}/`);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'landing page with a description');
    await page.close();
  });

  it('“Vis mer” on a signed-in card leads to the round page with the whole description and a safe link', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    const card = page.getByRole('article', { name: 'Fjordgløtt' });
    expect(await card.getByRole('link', { name: 'Fjordgløtt' }).getAttribute('href')).toBe(
      `/budrunder/${nearestId}`,
    );
    await card.getByRole('link', { name: 'Vis mer' }).click();
    await page.waitForURL(`${server.baseUrl}/budrunder/${nearestId}`);
    const round = page.getByRole('article', { name: 'Fjordgløtt' });
    const about = round.getByRole('region', { name: 'Om eiendommen' });
    await about.waitFor({ timeout: 15_000 });
    expect((await about.innerText()).replace(/\s+/g, ' ')).toContain(DESCRIPTION);
    const link = about.getByRole('link', { name: LINK });
    expect(await link.getAttribute('href')).toBe(LINK);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))?.split(' ')).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer', 'nofollow']),
    );
    expect(await round.getByRole('link', { name: 'Vis mer' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'round page with its description');
    await page.setViewportSize(PHONE);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.close();
  });

  it('the seller’s list unfolds every open round of theirs (SPEC §2), with ended rounds in their own section', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
    const open = page.getByTestId('round-card');
    await expect.poll(() => open.count(), { timeout: 15_000 }).toBe(3);
    for (const name of ['Fjordgløtt', 'Senere', 'Midt i mellom']) {
      const toggle = page.getByRole('article', { name }).getByRole('button', { name: 'Skjul detaljer' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    }

    const ended = page.getByRole('region', { name: 'Avsluttede budrunder' });
    await expect.poll(() => ended.getByRole('article').count()).toBe(2);
    const sold = ended.getByRole('article', { name: 'Solgt', exact: true });
    await expect
      .poll(async () => (await sold.getByTestId('closed-round-outcome').innerText()).replace(/\s/g, ' '))
      .toBe('Vinner valgt: 4 250 000 kr');
    expect(await ended.getByRole('article', { name: 'Usolgt', exact: true }).innerText()).toContain(
      'Lukket uten vinner',
    );
    await expectNoAxeViolations(page, 'the seller’s list');

    await sold.getByRole('button', { name: 'Vis budjournal for Solgt' }).click();
    const journal = page.getByRole('dialog', { name: 'Budjournal – Solgt' });
    await expect.poll(() => journal.isVisible()).toBe(true);
    expect(await journal.getByRole('table').innerText()).toContain('Anna Test');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await expect.poll(() => noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the seller’s list on a phone');
    await page.close();
  });
});
