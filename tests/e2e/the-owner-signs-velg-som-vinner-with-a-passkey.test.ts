import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSignatures } from '../../src/server/db/act-signature-schema';
import { findViewerById, type Viewer } from '../../src/server/features/accounts/accounts.repository';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { openRound, placeDayBid } from './seller-and-bidder';
import { addPasskeyOnScreen } from './virtual-passkey';

// Decision 041 on screen: an owner with a passkey reads the words of 'Velg som vinner' in
// its dialog and signs them with a virtual authenticator (Chrome DevTools Protocol); the choice is stored
// with its signature. WebAuthn refuses IP addresses, so the app is opened at localhost.

describe.skipIf(!chromiumAvailable())('the owner signs “Velg som vinner” with a passkey', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;
  let roundUrl: string;
  let bidId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    const { deps } = server;
    const seller = await createVerifiedUser(deps.db, 'sofie@example.no', 'Sofie', 'Selger');
    const bidder = await createVerifiedUser(deps.db, 'anna@example.no', 'Anna', 'Andersen');
    const roundId = await openRound(deps.db, seller, {
      title: 'Vinnergården',
      address: 'Vinnerveien 1, 0001 Oslo',
      days: 3,
    });
    const placed = await placeDayBid(
      deps,
      (await findViewerById(deps.db, bidder)) as Viewer,
      roundId,
      5_250_000,
    );
    bidId = (placed as { id: string }).id;
    roundUrl = `${baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the owner adds a passkey, reads the statement and signs the choice', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, baseUrl, 'sofie@example.no', PASSWORD);
    await addPasskeyOnScreen(page, 'Sofies telefon');

    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Velg som vinner' }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: 'Velg vinner av budrunden' });
    const statement = dialog.getByTestId('signing-statement');
    await statement.waitFor({ timeout: 10_000 });
    expect(await statement.textContent()).toBe(
      '«Jeg, Sofie Selger, aksepterer budet på 5 250 000 kr (fem millioner to hundre og femti tusen kroner) ' +
        'fra Budgiver A for Vinnergården, Vinnerveien 1, 0001 Oslo.»',
    );
    await expectNoAxeViolations(page, 'the winner dialog with the words to sign');
    await dialog.getByRole('button', { name: 'Signer og bekreft vinner' }).click();
    await page.getByText('Vinner valgt!').first().waitFor({ timeout: 15_000 });
    const rows = await server.deps.db.select().from(actSignatures).where(eq(actSignatures.subjectId, bidId));
    expect(rows.map((r) => r.act)).toEqual(['winner']);
    await page.close();
  });
});
