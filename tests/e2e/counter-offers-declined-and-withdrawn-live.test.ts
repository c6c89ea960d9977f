import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createCounterOffer } from '../../src/server/features/counter-offers/counter-offers.service';
import { createCounterOfferSchema } from '../../src/shared/schemas/counter-offer';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import type { E2eServer } from './e2e-server';
import { startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { testIdText as text } from './page-checks';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 035, the other answers: the bidder declines a counter-offer (after confirming) and
// the seller's list says 'Avslått av budgiver'; the seller withdraws the next one ('Trekk motbud', confirmed)
// and the bidder's card goes away. Each seen on the other screen without a reload.
const AT_ONCE = { timeout: 3_000, interval: 50 };

const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);

describe.skipIf(!chromiumAvailable())('a counter-offer declined, and one withdrawn, live', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;
  let sendCounterOffer: (amount: number) => Promise<unknown>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const sellerId = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
    const bidderId = await createVerifiedUser(deps.db, 'anna@example.no', 'Anna', 'Andersen');
    const roundId = await openRound(deps.db, sellerId, {
      title: 'Svarhuset',
      address: 'Svarveien 9, 0001 Oslo',
      days: 3,
    });
    const bid = await placeDayBid(
      deps,
      (await findViewerById(deps.db, bidderId)) as Viewer,
      roundId,
      5_000_000,
    );
    const seller = (await findViewerById(deps.db, sellerId)) as Viewer;
    sendCounterOffer = (amount) =>
      createCounterOffer(
        deps,
        seller,
        roundId,
        createCounterOfferSchema.parse({
          bidId: bid.id,
          amount,
          deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(),
        }),
      );
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('bidder: Avslå motbud; owner: Trekk motbud; each seen on the other screen at once', async () => {
    const owner = await openPage(browser);
    const bidder = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(owner, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(bidder, server.baseUrl, 'anna@example.no', PASSWORD);
    await Promise.all([owner.goto(roundUrl), bidder.goto(roundUrl)]);
    await expect.poll(() => text(owner, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await expect.poll(() => text(bidder, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await owner.getByRole('button', { name: 'Gi motbud' }).waitFor({ timeout: 15_000 });
    await bidder.getByText('Ditt bud').first().waitFor({ timeout: 15_000 });
    await Promise.all([markPage(owner), markPage(bidder)]);

    // The first counter-offer reaches the bidder's page; declining asks first.
    await sendCounterOffer(5_300_000);
    const card = bidder.getByTestId('counter-offer-card');
    await expect.poll(() => card.isVisible(), AT_ONCE).toBe(true);
    await card.getByRole('button', { name: 'Avslå motbud' }).click();
    const decline = bidder.getByRole('dialog', { name: 'Avslå motbud' });
    await decline.getByText('Du avslår selgerens motbud på').waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(bidder, 'the decline-counter-offer dialog');
    await decline.getByRole('button', { name: 'Avslå motbudet' }).click();
    await decline.waitFor({ state: 'hidden', timeout: 10_000 });
    await bidder.getByText('Motbudet er avslått').first().waitFor();
    expect(await card.count()).toBe(0);
    const ownerRows = owner.getByTestId('counter-offer-row');
    await expect
      .poll(() => ownerRows.getByText('Avslått av budgiver', { exact: true }).isVisible(), AT_ONCE)
      .toBe(true);
    expect(await owner.getByRole('button', { name: 'Trekk motbud' }).count()).toBe(0);

    // A second one; the owner withdraws it, after confirming; the bidder's card goes.
    await sendCounterOffer(5_200_000);
    await expect.poll(() => card.isVisible(), AT_ONCE).toBe(true);
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain('5 200 000 kr');
    const openRow = ownerRows.filter({ hasText: 'Venter på svar' });
    await openRow.getByRole('button', { name: 'Trekk motbud' }).click({ timeout: AT_ONCE.timeout });
    const withdraw = owner.getByRole('dialog', { name: 'Trekk motbud' });
    await withdraw.getByText(/^Du trekker motbudet på/).waitFor();
    expect((await withdraw.innerText()).replace(/\s+/g, ' ')).toContain(
      'Du trekker motbudet på 5 200 000 kr til Anna Andersen.',
    );
    await expectNoAxeViolations(owner, 'the withdraw-counter-offer dialog');
    await withdraw.getByRole('button', { name: 'Trekk motbudet' }).click();
    await withdraw.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => ownerRows.getByText('Trukket', { exact: true }).isVisible(), AT_ONCE).toBe(true);
    await expect.poll(() => card.count(), AT_ONCE).toBe(0);

    // Both stay in the bidder's list, newest first, with their states.
    const bidderRows = bidder.getByTestId('counter-offer-row');
    await expect
      .poll(async () => (await bidderRows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ')), AT_ONCE)
      .toEqual([
        expect.stringMatching(/5 200 000 kr Til deg Trukket/i),
        expect.stringMatching(/5 300 000 kr Til deg Avslått av budgiver/i),
      ]);
    expect(await notReloaded(bidder)).toBe(true);
    expect(await notReloaded(owner)).toBe(true);
    await expectNoAxeViolations(bidder, 'the bidder’s list with answered counter-offers');
    await owner.close();
    await bidder.close();
  });
});
