import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRound } from '../../src/server/features/bid-rounds/bid-rounds.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { testIdText as text } from './page-checks';
import { screenshotAtBothWidths } from './screenshots';

// Decision 046: the owner edits the description in 'Endre annonsen'; a bidder's open page shows
// the new text and 'Endringer: … Beskrivelsen er endret' without a reload, pushed over the live stream.

const NEW_TEXT = 'Nytt bad i 2025. Taket ble lagt om i fjor, og hagen har fått ny platting.';

describe.skipIf(!chromiumAvailable())('the owner edits the listing', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const seller = await createVerifiedUser(db, 'sofie@example.no', 'Sofie', 'Selger');
    await createVerifiedUser(db, 'anna@example.no', 'Anna', 'Andersen');
    const id = await createRound(db, seller, {
      title: 'Endringsgården',
      address: 'Endringsveien 5, 0001 Oslo',
      description: 'Innflytningsklar enebolig med hage.',
      startingPrice: 4_000_000,
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    roundUrl = `${server.baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the bidder’s open page shows the new description and the change at once', async () => {
    const owner = await openPage(browser);
    const bidder = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(owner, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(bidder, server.baseUrl, 'anna@example.no', PASSWORD);
    await Promise.all([owner.goto(roundUrl), bidder.goto(roundUrl)]);
    await expect.poll(() => text(bidder, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    await bidder.getByText('Innflytningsklar enebolig med hage.').waitFor({ timeout: 15_000 });
    // A bidder has no such button.
    expect(await bidder.getByRole('button', { name: 'Endre annonsen' }).count()).toBe(0);
    let reloads = 0;
    bidder.on('framenavigated', (frame) => {
      if (frame === bidder.mainFrame()) reloads++;
    });

    await owner.getByRole('button', { name: 'Endre annonsen' }).click({ timeout: 15_000 });
    const dialog = owner.getByRole('dialog', { name: 'Endre annonsen' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Tittel').inputValue()).toBe('Endringsgården');
    expect(await dialog.getByLabel('Adresse').inputValue()).toBe('Endringsveien 5, 0001 Oslo');
    expect(await dialog.getByLabel('Beskrivelse').inputValue()).toBe('Innflytningsklar enebolig med hage.');
    // An empty title is refused with the create form's words, before anything is sent.
    await dialog.getByLabel('Tittel').fill('');
    await dialog.getByRole('button', { name: 'Lagre endringene' }).click();
    await dialog.getByText('Tittel er påkrevd').waitFor();
    await dialog.getByLabel('Tittel').fill('Endringsgården');
    await dialog.getByLabel('Beskrivelse').fill(NEW_TEXT);
    await expectNoAxeViolations(owner, 'the owner’s edit dialog');
    await screenshotAtBothWidths(owner, 'edit-listing-dialog', dialog);

    await dialog.getByRole('button', { name: 'Lagre endringene' }).click();
    await owner.getByText('Endringene er lagret').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByText(NEW_TEXT).waitFor();

    await bidder.getByText(NEW_TEXT).waitFor({ timeout: 10_000 });
    const changes = bidder.getByTestId('round-changes');
    await changes.waitFor({ timeout: 10_000 });
    expect(await changes.innerText()).toMatch(/^\d{1,2}\. \S+ kl\. \d{2}:\d{2}: Beskrivelsen er endret$/);
    expect(await bidder.getByRole('heading', { name: 'Endringer' }).count()).toBe(1);
    expect(reloads).toBe(0);
    await expectNoAxeViolations(bidder, 'the bidder’s round page with a change');
    await screenshotAtBothWidths(bidder, 'round-changes', bidder.getByTestId('round-listing'));
    await owner.close();
    await bidder.close();
  });
});
