import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { createVerifiedUser, PASSWORD, person } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll } from './page-checks';
import { openRound } from './seller-and-bidder';

// Decision 033: admins see a bid's financing plan and takeover day, as the owner does: in the bid
// history of a user ('Budhistorikk'), beside a bid without them ('Ikke oppgitt', 'Etter avtale').

const DAY = 86_400_000;

describe.skipIf(!chromiumAvailable())("an administrator's bid history of a user", () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const contact = { phone: '+47 41234567', address: 'Storgata 1, 0155 Oslo' };
    await createUser(db, person('admin@example.no', 'Anne', 'Admin', contact), {
      emailVerified: true,
      isAdmin: true,
    });
    const seller = await createVerifiedUser(db, 'sofie@example.no', 'Sofie', 'Selger', contact);
    const ola = await createVerifiedUser(db, 'ola@example.no', 'Ola', 'Hansen', contact);
    const viewer = await findViewerById(db, ola);
    if (!viewer) throw new Error('no bidder');
    const planned = await openRound(db, seller, {
      title: 'Planvillaen',
      address: 'Planveien 1, 0001 Oslo',
      days: 3,
    });
    const plain = await openRound(db, seller, {
      title: 'Enkelhuset',
      address: 'Enkelveien 2, 0001 Oslo',
      days: 3,
    });
    const bidDeadline = new Date(Date.now() + DAY);
    await placeBid(server.deps, viewer, {
      bidRoundId: planned,
      amount: 5_000_000,
      conditions: null,
      bidDeadline,
      financing: { equity: 1_000_000, loan: 4_000_000, lender: 'DNB' },
      takeoverDate: '2031-03-01',
    });
    await placeBid(server.deps, viewer, {
      bidRoundId: plain,
      amount: 4_100_000,
      conditions: null,
      bidDeadline,
    });
    page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(page, server.baseUrl, 'admin@example.no', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows each bid with its financing plan and takeover day, or that none was given', async () => {
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('tab', { name: /Alle brukere/ }).click();
    await page.getByRole('button', { name: 'Budhistorikk for Ola Hansen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Budhistorikk for Ola Hansen' });
    await expect.poll(() => dialog.getByText('Planvillaen').isVisible(), { timeout: 15_000 }).toBe(true);
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Finansieringsplan');
    expect(text).toContain('1 000 000 kr egenkapital + 4 000 000 kr lån (DNB)');
    expect(text).toContain('1. mars 2031');
    expect(text).toContain('Ikke oppgitt');
    expect(text).toContain('Etter avtale');
    await expectNoAxeViolations(page, 'bid history with financing plans');
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
