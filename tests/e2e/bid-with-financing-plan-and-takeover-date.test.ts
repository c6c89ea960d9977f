import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { openRound } from './seller-and-bidder';

// Decision 033, on screen: a bidder fills in the financing plan (the lender already there from
// the profile) and a takeover day, is stopped while the plan does not cover the amount, sees both in the
// confirmation, and the seller sees them in the detailed bid list.

const PASSWORD = 'hemmelig1';
const LENDER = 'Sparebanken Løvetann';

describe.skipIf(!chromiumAvailable())('a bid with a financing plan and a takeover day', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundUrl: string;
  let takeover = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const seller = await createUser(
      db,
      { email: 'selger@example.no', password: PASSWORD, firstName: 'Sofie', lastName: 'Selger' },
      { emailVerified: true },
    );
    await createUser(
      db,
      {
        email: 'anna@example.no',
        password: PASSWORD,
        firstName: 'Anna',
        lastName: 'Andersen',
        bankName: LENDER,
      },
      { emailVerified: true },
    );
    const id = await openRound(db, seller, { title: 'Planhuset', address: 'Lånveien 1, 0150 Oslo', days: 3 });
    roundUrl = `${server.baseUrl}/budrunder/${id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the bidder fills in the plan and a day, at 390 px, and confirms them', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'anna@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Legg inn bud' }).waitFor({ timeout: 15_000 });
    // The lender comes from the profile's bank.
    await expect.poll(() => page.getByLabel('Långiver').inputValue(), { timeout: 10_000 }).toBe(LENDER);

    await page.getByLabel('Beløp').fill('4500000');
    await page.getByLabel('Egenkapital').fill('1500000');
    await page.getByLabel('Lån', { exact: true }).fill('2000000');

    // A day next month, from the calendar.
    await page.getByRole('button', { name: 'Ønsket overtakelse' }).click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor({ timeout: 10_000 });
    await calendar.locator('[data-direction="next"]').first().click();
    await calendar
      .locator('button.mantine-DatePickerInput-day:not([data-outside])', { hasText: /^15$/ })
      .click();
    const hint = page.getByText(/^Du ønsker overtakelse /);
    await hint.waitFor();
    takeover = ((await hint.textContent()) ?? '').replace(/^Du ønsker overtakelse /, '').replace(/\.$/, '');
    expect(takeover).toMatch(/^15\. \p{L}+ \d{4}$/u);

    // 1 500 000 + 2 000 000 does not pay for 4 500 000.
    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    await page.getByRole('alert').filter({ hasText: 'Finansieringsplanen dekker ikke budbeløpet' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Bekreft budgivning' }).count()).toBe(0);
    await page.getByLabel('Lån', { exact: true }).fill('3000000');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the bid form with a financing plan and a takeover day, 390 px');

    await page.getByRole('button', { name: 'Legg inn bud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bekreft budgivning' });
    await confirm
      .getByText(/^1\s500\s000\skr egenkapital \+ 3\s000\s000\skr lån \(Sparebanken Løvetann\)$/)
      .waitFor();
    await confirm.getByText(takeover, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'the bid confirmation with the plan');
    await confirm.getByRole('button', { name: 'Bekreft bud' }).click();
    await page.getByText('Bud lagt inn').first().waitFor();
    await page.close();
  });

  it('the seller sees the plan and the day beside the bid, at 1280 px', async () => {
    expect(takeover).not.toBe('');
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, server.baseUrl, 'selger@example.no', PASSWORD);
    await page.goto(roundUrl);
    await page.getByRole('button', { name: 'Vis budgiverdetaljer' }).click({ timeout: 15_000 });
    const row = page.getByTestId('bid-row').filter({ hasText: '4 500 000' });
    await row
      .getByText(
        /^Finansiering: 1\s500\s000\skr egenkapital \+ 3\s000\s000\skr lån \(Sparebanken Løvetann\)$/,
      )
      .waitFor({ timeout: 15_000 });
    await row.getByText(`Overtakelse: ${takeover}`, { exact: true }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the seller’s bid list with the plan');

    // Once the seller accepts the bid, their budjournal holds the plan and the day too.
    await row.getByRole('button', { name: 'Velg som vinner' }).click();
    await page
      .getByRole('dialog', { name: 'Velg vinner av budrunden' })
      .getByRole('button', { name: 'Bekreft vinner' })
      .click();
    await page.getByText('Vinner valgt!').first().waitFor();
    // The seller's journals are listed on the front page.
    await page.goto(server.baseUrl);
    await page
      .getByRole('button', { name: 'Vis budjournal for Planhuset' })
      .first()
      .click({ timeout: 15_000 });
    const journal = page.getByRole('dialog', { name: 'Budjournal – Planhuset' });
    await journal
      .getByText(/^1\s500\s000\skr egenkapital \+ 3\s000\s000\skr lån \(Sparebanken Løvetann\)$/)
      .waitFor();
    await journal.getByText(`Overtakelse: ${takeover}`, { exact: true }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'the seller’s journal with the plan');
    await page.close();
  });
});
