import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { editRound } from '../../src/server/features/bid-rounds/round-edits.service';
import { rejectBid } from '../../src/server/features/bids/bid-answers.service';
import {
  acceptCounterOffer,
  createCounterOffer,
} from '../../src/server/features/counter-offers/counter-offers.service';
import { createCounterOfferSchema } from '../../src/shared/schemas/counter-offer';
import { createVerifiedUser, PASSWORD, person } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { screenshotAtBothWidths } from './screenshots';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decision 036: the journal dialog lists every act in time order, by the
// reader's identity rules, and the admin's round card shows the same acts, on a phone and on a desktop.
// Decision 046: it also lists what the seller changed in the listing while bids stood.

const TITLE = 'Hendelsesveien';
const WORDS = 'For lavt, dessverre';
const TERMS = 'Overtakelse i mars';

/** The acts as the list reads them: one line per item, whitespace as single spaces. */
const actLines = (page: Page, list: string) =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe.skipIf(!chromiumAvailable())('the record of every act, on screen', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const { db } = deps;
    await createUser(db, person('admin@example.no', 'Anne', 'Admin'), { emailVerified: true, isAdmin: true });
    const viewer = async (id: string) => (await findViewerById(db, id)) as Viewer;
    const seller = await viewer(await createVerifiedUser(db, 'selger@example.no', 'Sofie', 'Selger'));
    const arne = await viewer(await createVerifiedUser(db, 'arne@example.no', 'Arne', 'Test'));
    const berit = await viewer(await createVerifiedUser(db, 'berit@example.no', 'Berit', 'Test'));
    const roundId = await openRound(db, seller.id, {
      title: TITLE,
      address: 'Hendelsesveien 1, 0150 Oslo',
      days: 3,
    });
    const bidA = await placeDayBid(deps, arne, roundId, 4_100_000, 'Forbehold om finansiering');
    const bidB = await placeDayBid(deps, berit, roundId, 4_300_000);
    // While both bids stand the seller rewrites the description: the journal must say so.
    await editRound(deps, seller, roundId, { description: 'Nytt bad og ny kjøkkeninnredning i 2026.' });
    await rejectBid(deps, seller, roundId, bidA.id, { message: WORDS });
    const { counterOffer } = await createCounterOffer(
      deps,
      seller,
      roundId,
      createCounterOfferSchema.parse({
        bidId: bidB.id,
        amount: 4_500_000,
        deadline: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        conditions: TERMS,
      }),
    );
    await acceptCounterOffer(deps, berit, counterOffer.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['390 px', { width: 390, height: 844 }],
    ['1280 px', { width: 1280, height: 900 }],
  ])(
    'at %s: Arne’s journal lists every act in order, ‘Du’ for his, never Berit’s name or terms',
    async (_w, viewport) => {
      const page = await openPage(browser, { viewport });
      await logIn(page, server.baseUrl, 'arne@example.no', PASSWORD);
      await page
        .getByRole('button', { name: `Vis budjournal for ${TITLE}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Budjournal – ${TITLE}` });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      const lines = await actLines(page, 'Hendelser i budjournalen');
      const expected = [
        ['Bud – Du', '4 100 000 kr', 'Akseptfrist:', 'Forbehold: Forbehold om finansiering'],
        ['Bud – Budgiver B', '4 300 000 kr'],
        ['Avslag – Du', '4 100 000 kr', `Melding fra selgeren: ${WORDS}`],
        ['Motbud – Budgiver B', '4 500 000 kr', 'Frist:'],
        ['Motbud akseptert – Budgiver B', '4 500 000 kr'],
        ['Budrunden lukket', 'Motbud akseptert'],
      ];
      expect(lines).toHaveLength(expected.length);
      expected.forEach((parts, i) => {
        for (const part of parts) expect(lines[i], `act ${i + 1}`).toContain(part);
      });
      expect(await dialog.innerText()).not.toContain('Berit');
      // 'Endringer mens bud sto': what changed and when, from what to what (decision 054).
      const changes = dialog.getByRole('region', { name: 'Endringer mens bud sto (1)' });
      const changeLines = await changes
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()));
      expect(changeLines).toHaveLength(1);
      expect(changeLines[0]).toMatch(
        /kl\. \d{2}:\d{2}: Beskrivelsen er endret fra \(ingen beskrivelse\) til «.*kjøkkeninnredning.*»$/,
      );
      // The counter-offer's terms were Berit's to read; the acts never show them to Arne. (The bid her
      // acceptance placed carries them as its conditions, which the bid table shows as every bid's.)
      expect(lines.join(' ')).not.toContain(TERMS);
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshotAtBothWidths(page, 'journal-dialog-acts', dialog);
      await expectNoAxeViolations(page, `journal acts at ${viewport.width} px`);
      await page.close();
    },
  );

  it('the admin’s round card folds out the same acts, naming everyone, on a phone', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'admin@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('tab', { name: /Budrunder/ }).click();
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: 'Vis hendelser' }).click();
    const list = `Hendelser i budrunden ${TITLE}`;
    await expect.poll(async () => (await actLines(page, list)).length, { timeout: 15_000 }).toBe(6);
    const lines = await actLines(page, list);
    expect(lines[0]).toContain('Bud – Arne Test');
    expect(lines[2]).toContain('Avslag – Arne Test');
    expect(lines[2]).toContain(`Melding fra selgeren: ${WORDS}`);
    expect(lines[3]).toContain('Motbud – Berit Test');
    expect(lines[3]).toContain(`Forbehold: ${TERMS}`);
    expect(lines[5]).toContain('Budrunden lukket');
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshotAtBothWidths(page, 'admin-round-acts', card);
    await expectNoAxeViolations(page, 'admin round acts at 390 px');
    await page.close();
  });
});
