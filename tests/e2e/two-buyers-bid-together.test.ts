import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { screenshotAtBothWidths } from './screenshots';
import { openRound } from './seller-and-bidder';
import { addPasskeyOnScreen } from './virtual-passkey';

// Decision 065 on screen: Ola invites Kari to bid with him; Kari accepts on the round page and signs the
// power of attorney with a virtual authenticator; Ola bids for both. The seller sees both names on the bid;
// Ingrid, another bidder, sees one 'Budgiver A' and no name. WebAuthn needs a host name, so the app is
// opened at localhost with APP_URL to match.

const PASSWORD = 'hemmelig1';
const people = [
  ['selger@example.no', 'Sofie', 'Selger'],
  ['ola@example.no', 'Ola', 'Nordmann'],
  ['kari@example.no', 'Kari', 'Nordmann'],
  ['ingrid@example.no', 'Ingrid', 'Hansen'],
] as const;

describe.skipIf(!chromiumAvailable())('two buyers bid together', () => {
  let server: E2eServer;
  let browser: Browser;
  let baseUrl: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    server.deps.env.APP_URL = baseUrl;
    const ids: string[] = [];
    for (const [email, firstName, lastName] of people)
      ids.push(
        await createUser(
          server.deps.db,
          { email, password: PASSWORD, firstName, lastName, phone: '+47 41234567' },
          { emailVerified: true },
        ),
      );
    const id = await openRound(server.deps.db, ids[0] ?? '', {
      title: 'Rekkehus på Nordstrand',
      address: 'Sæterveien 4, 1169 Oslo',
      days: 3,
    });
    roundUrl = `${baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function asPerson(email: string, width = 1280): Promise<Page> {
    const page = await openPage(browser, { viewport: { width, height: 900 } });
    await logIn(page, baseUrl, email, PASSWORD);
    return page;
  }

  it('Ola invites Kari by e-mail, and sees her invited', async () => {
    const page = await asPerson('ola@example.no');
    await page.goto(roundUrl);
    const card = page.getByTestId('co-bidders');
    await card.getByLabel('Legg til medbudgiver').fill('kari@example.no', { timeout: 15_000 });
    await card.getByRole('button', { name: 'Send invitasjon' }).click();
    await page.getByText('Invitasjon sendt').first().waitFor({ timeout: 10_000 });
    await card.getByText('Kari Nordmann').waitFor();
    await card.getByText('Invitert').waitFor();
    await expectNoAxeViolations(page, 'the group card with an invitation sent');
    await page.close();
  });

  it('Kari reads the invitation, accepts and signs the power of attorney with her passkey', async () => {
    const page = await asPerson('kari@example.no', 390);
    await addPasskeyOnScreen(page, 'Karis telefon');
    await page.goto(roundUrl);
    const invitation = page.getByTestId('co-bidder-invitation');
    await invitation.getByText('Ola Nordmann vil by sammen med deg').waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'the invitation on the round page, 390 px');
    await screenshotAtBothWidths(page, 'co-bidder-invitation', invitation);
    await invitation.getByRole('button', { name: 'Godta invitasjonen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Godta invitasjonen' });
    const statement = dialog.getByTestId('signing-statement');
    await statement.waitFor({ timeout: 10_000 });
    expect(await statement.textContent()).toBe(
      '«Jeg, Kari Nordmann, gir Ola Nordmann og meg selv gjensidig fullmakt til å by på vegne av oss begge i ' +
        'budrunden for Rekkehus på Nordstrand, Sæterveien 4, 1169 Oslo.»',
    );
    await expectNoAxeViolations(page, 'the signing dialog of the power of attorney');
    await dialog.getByRole('button', { name: 'Signer og godta' }).click();
    await page.getByText('Dere byr nå sammen').first().waitFor({ timeout: 15_000 });
    const card = page.getByTestId('co-bidders');
    await card.getByRole('heading', { name: 'Dere byr sammen' }).waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('Ola sees the group and bids for both', async () => {
    const page = await asPerson('ola@example.no');
    await page.goto(roundUrl);
    const card = page.getByTestId('co-bidders');
    await card.getByRole('heading', { name: 'Dere byr sammen' }).waitFor({ timeout: 15_000 });
    await screenshotAtBothWidths(page, 'co-bidders-group', card);
    await page.getByLabel('Beløp').fill('4100000');
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    await confirm.getByText('Du og Kari Nordmann sammen. Byr som forbruker.').waitFor({ timeout: 10_000 });
    await confirm.getByRole('button', { name: 'Bekreft bud' }).click();
    await page.getByText('Bud lagt inn').first().waitFor({ timeout: 15_000 });
    const row = page.getByTestId('bid-row').filter({ hasText: '4 100 000' });
    await row.getByText('Budgivere: Ola Nordmann og Kari Nordmann').waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('the seller sees both names and how to reach each; Ingrid sees one “Budgiver A”', async () => {
    const seller = await asPerson('selger@example.no', 390);
    await seller.goto(roundUrl);
    await seller.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    const group = seller.getByTestId('bidder-group').first();
    await group.getByRole('heading', { name: /Ola Nordmann og Kari Nordmann/ }).waitFor({ timeout: 10_000 });
    await group.getByTestId('co-bidder-details').getByText('kari@example.no').waitFor();
    await expectNoAxeViolations(seller, 'the seller’s row of a group’s bid, 390 px');
    await screenshotAtBothWidths(seller, 'owner-group-bid-row', group);
    await seller.close();

    const ingrid = await asPerson('ingrid@example.no');
    await ingrid.goto(roundUrl);
    const row = ingrid.getByTestId('bid-row').filter({ hasText: '4 100 000' });
    await row.getByText('Budgiver A', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await ingrid.locator('main').innerText()).not.toMatch(/Kari|Ola Nordmann/);
    await ingrid.getByLabel('By for et selskap').check();
    await ingrid.getByLabel('Organisasjonsnummer').fill('923 609 016');
    await ingrid.getByLabel('Selskapets navn').fill('Hansen Holding AS');
    await expectNoAxeViolations(ingrid, 'the company bid form');
    await screenshotAtBothWidths(
      ingrid,
      'company-bid-form',
      ingrid.locator('form').filter({ hasText: 'Jeg byr som' }),
    );
    await ingrid.close();
  });
});
