import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll, testIdText as text } from './page-checks';
import { screenshotAtBothWidths as shots } from './screenshots';
import { openRound, placeDayBid } from './seller-and-bidder';

// Decisions 034 and 035: the owner rejects one bid and sends another bidder a counter-offer (motbud);
// that bidder, in another browser, sees both without a reload, and accepts it; both screens then show the
// round decided. Live means well inside the client's 5 s polling period.
const AT_ONCE = { timeout: 3_000, interval: 50 };
const OUTCOME = 'Budrunden er avgjort. Solgt etter akseptert motbud for 5 400 000 kr.';

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

describe.skipIf(!chromiumAvailable())('the seller answers with a counter-offer, live', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { deps } = server;
    const seller = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
    const bjornId = await createVerifiedUser(deps.db, 'bjorn@example.no', 'Bjørn', 'Berg');
    const annaId = await createVerifiedUser(deps.db, 'anna@example.no', 'Anna', 'Andersen');
    const roundId = await openRound(deps.db, seller, {
      title: 'Motbudgården',
      address: 'Motbudveien 3, 0001 Oslo',
      days: 3,
    });
    // Bjørn is Budgiver A, Anna Budgiver B.
    await placeDayBid(deps, (await findViewerById(deps.db, bjornId)) as Viewer, roundId, 5_100_000);
    await placeDayBid(deps, (await findViewerById(deps.db, annaId)) as Viewer, roundId, 5_250_000);
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('owner: Avslå and Gi motbud; bidder: both live, Aksepter motbud; both: decided; axe finds nothing', async () => {
    const owner = await openPage(browser);
    const bidder = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(owner, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(bidder, server.baseUrl, 'anna@example.no', PASSWORD);
    await Promise.all([owner.goto(roundUrl), bidder.goto(roundUrl)]);
    await expect.poll(() => text(owner, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await expect.poll(() => text(bidder, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await bidder.getByText('Ditt bud').first().waitFor({ timeout: 15_000 });
    await Promise.all([markPage(owner), markPage(bidder)]);

    // The owner's list: each live bid has 'Velg som vinner', 'Gi motbud' and 'Avslå'.
    const rowOf = (label: string) => owner.getByTestId('bid-row').filter({ hasText: label });
    const annaRow = rowOf('Budgiver B');
    for (const name of ['Velg som vinner', 'Gi motbud', 'Avslå']) {
      await annaRow.getByRole('button', { name, exact: true }).waitFor({ timeout: 15_000 });
      await rowOf('Budgiver A').getByRole('button', { name, exact: true }).waitFor();
    }
    await expectNoAxeViolations(owner, 'the owner’s bid list with Gi motbud');
    await shots(owner, 'owner-bid-list');

    // The winner dialog, looked at and left.
    await annaRow.getByRole('button', { name: 'Velg som vinner' }).click();
    const winner = owner.getByRole('dialog', { name: 'Velg vinner av budrunden' });
    await winner.getByRole('term').first().waitFor({ timeout: 10_000 });
    await shots(owner, 'winner-dialog', winner);
    await winner.getByRole('button', { name: 'Avbryt' }).click();
    await winner.waitFor({ state: 'hidden' });

    // Avslå Bjørn's bid.
    await rowOf('Budgiver A').getByRole('button', { name: 'Avslå', exact: true }).click();
    const reject = owner.getByRole('dialog', { name: 'Avslå bud' });
    await reject.getByRole('button', { name: 'Avslå budet' }).click();
    await reject.waitFor({ state: 'hidden' });
    await rowOf('Budgiver A').getByText('Avslått', { exact: true }).waitFor({ timeout: AT_ONCE.timeout });

    // Gi motbud to Anna: the bid it answers, that it binds, the amount in words; a too low amount is refused.
    await annaRow.getByRole('button', { name: 'Gi motbud' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Gi motbud til Anna Andersen' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByText(/Motbudet er bindende for deg/).waitFor();
    await dialog.getByLabel('Beløp').fill('5200000');
    await dialog.getByRole('button', { name: 'Send motbud' }).click();
    await dialog.getByText('Motbudet må være høyere enn budet').waitFor();
    await dialog.getByLabel('Beløp').fill('5400000');
    await dialog.getByText('fem millioner fire hundre tusen kroner').waitFor();
    await dialog.getByLabel('Forbehold (valgfritt)').fill('Overtakelse etter avtale');
    expect(await dialog.getByText(/^Motbudet gjelder til /).count()).toBe(1);
    await expectNoAxeViolations(owner, 'the Gi motbud dialog');
    await shots(owner, 'counter-offer-dialog', dialog);
    await dialog.getByRole('button', { name: 'Send motbud' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await owner.getByText('Motbud sendt').first().waitFor();

    // The owner's list shows it among the bids, waiting, with 'Trekk motbud'.
    const ownerOffer = owner.getByTestId('counter-offer-row');
    await ownerOffer.getByText('Venter på svar').waitFor({ timeout: AT_ONCE.timeout });
    await ownerOffer.getByText('Til Anna Andersen (Budgiver B)').waitFor();
    await ownerOffer.getByRole('button', { name: 'Trekk motbud' }).waitFor();
    await expectNoAxeViolations(owner, 'the owner’s bid list with a counter-offer');
    await shots(owner, 'owner-bid-list-with-counter-offer');
    // The detailed view shows it in Anna's group, not Bjørn's.
    await owner.getByRole('button', { name: 'Vis budgiverdetaljer' }).click();
    const annaGroup = owner.getByTestId('bidder-group').filter({ hasText: 'Anna Andersen' });
    await annaGroup.getByTestId('counter-offer-row').getByText('Venter på svar').waitFor({ timeout: 10_000 });
    const bjornGroup = owner.getByTestId('bidder-group').filter({ hasText: 'Bjørn Berg' });
    expect(await bjornGroup.getByTestId('counter-offer-row').count()).toBe(0);
    await owner.getByRole('button', { name: 'Skjul budgiverdetaljer' }).click();

    // The bidder, without a reload: Bjørn's bid 'Avslått', and the counter-offer at the top of the page.
    const bidderRowA = bidder.getByTestId('bid-row').filter({ hasText: 'Budgiver A' });
    await expect.poll(() => bidderRowA.getByText('Avslått', { exact: true }).isVisible(), AT_ONCE).toBe(true);
    const card = bidder.getByTestId('counter-offer-card');
    await expect.poll(() => card.isVisible(), AT_ONCE).toBe(true);
    await card.getByRole('heading', { name: 'Du har fått et motbud fra selgeren' }).waitFor();
    const cardText = (await card.innerText()).replace(/\s+/g, ' ');
    expect(cardText).toContain('5 400 000 kr');
    expect(cardText).toContain('fem millioner fire hundre tusen kroner');
    expect(cardText).toContain('Svar på budet ditt på 5 250 000 kr.');
    expect(cardText).toMatch(/Frist: .+ \((\d+d )?(\d+t )?\d+m igjen\)/);
    expect(cardText).toContain('Forbehold: Overtakelse etter avtale');
    // Above the bid form, and in the list with the bids, to 'deg'.
    const [cardTop, formTop] = await Promise.all([
      card.evaluate((el) => el.getBoundingClientRect().top),
      bidder.getByRole('heading', { name: 'Legg inn bud' }).evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(cardTop).toBeLessThan(formTop);
    await bidder.getByTestId('counter-offer-row').getByText('Til deg').waitFor();
    expect(await notReloaded(bidder)).toBe(true);
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await expectNoAxeViolations(bidder, 'the bidder’s counter-offer card');
    await shots(bidder, 'bidder-counter-offer-card', card);
    await shots(bidder, 'bidder-round-page');

    // Aksepter motbud: confirmed with the amount in digits and words and 'Dette er bindende'.
    await card.getByRole('button', { name: 'Aksepter motbud' }).click();
    const confirm = bidder.getByRole('dialog', { name: 'Aksepter motbud' });
    await confirm.getByText('Dette er bindende.').waitFor({ timeout: 10_000 });
    await confirm.getByText('5 400 000 kr', { exact: true }).waitFor();
    await confirm.getByText('fem millioner fire hundre tusen kroner').waitFor();
    await expectNoAxeViolations(bidder, 'the accept-counter-offer dialog');
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await shots(bidder, 'accept-counter-offer-dialog', confirm);
    await confirm.getByRole('button', { name: 'Aksepter motbudet' }).click();
    await confirm.waitFor({ state: 'hidden', timeout: 10_000 });

    // Both screens: the round is decided, without a reload.
    await expect.poll(() => text(bidder, 'round-outcome'), AT_ONCE).toBe(`${OUTCOME} Du vant budrunden.`);
    await expect.poll(() => text(owner, 'round-outcome'), AT_ONCE).toBe(OUTCOME);
    await ownerOffer.getByText('Akseptert', { exact: true }).waitFor({ timeout: AT_ONCE.timeout });
    await owner.getByText('Vinner', { exact: true }).first().waitFor({ timeout: AT_ONCE.timeout });
    expect(await owner.getByRole('button', { name: 'Gi motbud' }).count()).toBe(0);
    expect(await owner.getByRole('button', { name: 'Trekk motbud' }).count()).toBe(0);
    expect(await card.count()).toBe(0);
    expect(
      await bidder.getByText('Budrunden er avsluttet. Ingen flere bud kan legges inn.').isVisible(),
    ).toBe(true);
    expect(await notReloaded(bidder)).toBe(true);
    expect(await notReloaded(owner)).toBe(true);
    expect(await noSidewaysScroll(bidder)).toBe(true);
    await expectNoAxeViolations(bidder, 'the bidder’s decided round');
    await expectNoAxeViolations(owner, 'the owner’s decided round');
    await shots(owner, 'owner-decided-round');
    await shots(bidder, 'bidder-decided-round');
    await owner.close();
    await bidder.close();
  });
});
