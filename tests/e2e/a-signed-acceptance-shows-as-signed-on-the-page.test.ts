import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createCounterOffer } from '../../src/server/features/counter-offers/counter-offers.service';
import { createCounterOfferSchema } from '../../src/shared/schemas/counter-offer';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { openRound, placeDayBid } from './seller-and-bidder';
import { addPasskeyOnScreen } from './virtual-passkey';

// Decision 059 on screen: Ola accepts the seller's motbud of 5 700 000 kr with his passkey; the bid that
// acceptance placed reads 'Signatur: Signert med passnøkkel' on the round page, in the journal's table and
// under 'Motbud akseptert' in its 'Hendelser'. WebAuthn refuses IP addresses, so the app is opened at
// localhost.

const TITLE = 'Motbudgården';
const SIGNED = 'Signatur: Signert med passnøkkel';

describe.skipIf(!chromiumAvailable())('a signed acceptance shows as signed on the page', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    const { deps } = server;
    const viewer = async (id: string) => (await findViewerById(deps.db, id)) as Viewer;
    const seller = await viewer(await createVerifiedUser(deps.db, 'selger@example.no', 'Sofie', 'Selger'));
    const ola = await viewer(await createVerifiedUser(deps.db, 'ola@example.no', 'Ola', 'Nordmann'));
    const roundId = await openRound(deps.db, seller.id, {
      title: TITLE,
      address: 'Motbudveien 1, 0150 Oslo',
      days: 3,
    });
    // Ola bids before he has a passkey; the seller has none and answers with a motbud, unsigned.
    const bid = await placeDayBid(deps, ola, roundId, 5_500_000);
    await createCounterOffer(
      deps,
      seller,
      roundId,
      createCounterOfferSchema.parse({
        bidId: bid.id,
        amount: 5_700_000,
        deadline: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      }),
    );
    roundUrl = `${baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const winningRow = (page: Page) => page.getByTestId('bid-row').filter({ hasText: '5 700 000' });

  it('Ola accepts the motbud with his passkey, and his winning bid reads signed', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'ola@example.no', PASSWORD);
    await addPasskeyOnScreen(page, 'Olas telefon');
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Aksepter motbud' }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: 'Aksepter motbud' });
    await dialog.getByTestId('signing-statement').waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Signer og aksepter motbudet' }).click();
    await winningRow(page).getByText(SIGNED, { exact: true }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('the seller sees it signed on the round page and in the journal, table and Hendelser', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'selger@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    await winningRow(page).getByText(SIGNED, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await winningRow(page).getByText('Ikke signert').count()).toBe(0);

    // The journal opens from the front page's closed rounds.
    await page.goto(`${baseUrl}/`);
    await page
      .getByRole('button', { name: `Vis budjournal for ${TITLE}` })
      .first()
      .click();
    const journal = page.getByRole('dialog', { name: `Budjournal – ${TITLE}` });
    await journal.waitFor({ timeout: 15_000 });
    // At this width the bids are a table in a scrolling region of that name.
    const table = journal.getByRole('region', { name: 'Bud i budjournalen' });
    const winner = table.getByRole('row').filter({ hasText: '5 700 000' });
    await winner.getByText('Signert med passnøkkel', { exact: true }).waitFor({ timeout: 10_000 });
    const acts = journal.getByRole('list', { name: 'Hendelser i budjournalen' }).getByRole('listitem');
    const accepted = acts.filter({ hasText: 'Motbud akseptert – ' });
    expect((await accepted.innerText()).replace(/\s+/g, ' ')).toContain(SIGNED);
    // The seller had no passkey: the motbud itself reads unsigned, and the close says nothing of signing.
    const made = acts.filter({ hasText: 'Motbud – ' });
    expect((await made.first().innerText()).replace(/\s+/g, ' ')).toContain('Signatur: Ikke signert');
    expect(await acts.filter({ hasText: 'Budrunden lukket' }).innerText()).not.toContain('Signatur');
    await expectNoAxeViolations(page, 'the journal with a signed acceptance');
    await page.close();
  });
});
