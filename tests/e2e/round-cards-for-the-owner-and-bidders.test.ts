import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { placeDayBid } from './seller-and-bidder';

const DAY = 86_400_000;
const SELLER = { email: 'sofie.selger@example.no', phone: '+47 41234567' };

/** The titles of the list's cards whose panel starts unfolded, and of those that start folded. */
async function foldedState(page: Page) {
  const cards = page.getByTestId('round-card');
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(4);
  const unfolded: string[] = [];
  const folded: string[] = [];
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    const toggle = card.getByRole('button', { name: /^(Vis|Skjul) detaljer$/ });
    ((await toggle.getAttribute('aria-expanded')) === 'true' ? unfolded : folded).push(name);
  }
  return { unfolded: unfolded.sort(), folded: folded.sort() };
}

describe.skipIf(!chromiumAvailable())('round cards for the owner and for bidders', () => {
  let server: E2eServer;
  let browser: Browser;
  let ownRoundId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const deps = server.deps;
    const person = (email: string, firstName: string, phone?: string) =>
      createVerifiedUser(deps.db, email, firstName, 'Test', { phone });
    const sellerId = await person(SELLER.email, 'Sofie', SELLER.phone);
    const neighbourId = await person('nabo@example.no', 'Nils');
    const bidderId = await person('anna@example.no', 'Anna');
    const bidder = (await findViewerById(deps.db, bidderId)) as Viewer;
    const round = (ownerId: string, title: string, days: number) =>
      createRound(deps.db, ownerId, {
        title,
        address: `${title}veien 1, 0150 Oslo`,
        startingPrice: 4_000_000,
        deadline: new Date(Date.now() + days * DAY).toISOString(),
      });
    const bid = (roundId: string, amount: number) => placeDayBid(deps, bidder, roundId, amount);
    // The nearest round is the neighbour's, which neither the seller nor Anna has anything to do with.
    await round(neighbourId, 'Naboens', 1);
    ownRoundId = await round(sellerId, 'Fjordgløtt', 2);
    const middle = await round(sellerId, 'Midt i mellom', 4);
    const later = await round(sellerId, 'Senere', 6);
    await bid(middle, 4_100_000);
    await bid(later, 4_200_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('every round the seller owns starts unfolded, the others folded', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, SELLER.email, PASSWORD);
    expect(await foldedState(page)).toEqual({
      unfolded: ['Fjordgløtt', 'Midt i mellom', 'Senere'],
      folded: ['Naboens'],
    });
    await page.close();
  });

  it('every round the bidder has bid on starts unfolded, the others folded', async () => {
    const page = await openPage(browser);
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    expect(await foldedState(page)).toEqual({
      unfolded: ['Midt i mellom', 'Senere'],
      folded: ['Fjordgløtt', 'Naboens'],
    });
    // A bidder sees the seller and the bid form, as before.
    const card = page.getByRole('article', { name: 'Midt i mellom' });
    expect(await card.getByText(SELLER.email).isVisible()).toBe(true);
    expect(await card.getByRole('heading', { name: 'Legg inn bud' }).isVisible()).toBe(true);
    await page.close();
  });

  it('the owner’s card shows neither their own contact details nor a bid heading over “you cannot bid”', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, SELLER.email, PASSWORD);
    for (const where of ['list', 'round page']) {
      if (where === 'round page') await page.goto(`${server.baseUrl}/budrunder/${ownRoundId}`);
      const card = page.getByRole('article', { name: 'Fjordgløtt' });
      await card.getByRole('heading', { name: 'Innkomne bud' }).waitFor({ timeout: 15_000 });
      const text = await card.innerText();
      expect(text, where).not.toContain(SELLER.email);
      expect(text, where).not.toContain('41234567');
      expect(text, where).not.toMatch(/^Selger$/m);
      expect(text, where).not.toContain('Du kan ikke by på din egen budrunde');
      expect(await card.getByRole('heading', { name: 'Legg inn bud' }).count(), where).toBe(0);
      // What the owner does need is still there.
      expect(await card.getByRole('heading', { name: 'Varsler' }).isVisible(), where).toBe(true);
      expect(await card.getByText('Din eiendom', { exact: true }).isVisible(), where).toBe(true);
    }
    await expectNoAxeViolations(page, 'the owner’s round page');
    await page.close();
  });
});
