import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidRounds, passwordResetRequests, users } from '../../src/server/db/schema';
import { findViewerById } from '../../src/server/features/accounts/accounts.repository';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { insertResetRequest } from '../../src/server/features/auth/password-resets.repository';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { createVerifiedUser, PASSWORD, person } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll, visible } from './page-checks';
import { openRound } from './seller-and-bidder';

const DAY = 86_400_000;

describe.skipIf(!chromiumAvailable())('the admin panel, as an administrator', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let roundId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const contact = { phone: '+47 41234567', address: 'Storgata 1, 0155 Oslo' };
    await createUser(db, person('admin@example.no', 'Anne', 'Admin', contact), {
      emailVerified: true,
      isAdmin: true,
    });
    await createUser(db, person('nina@example.no', 'Nina', 'Ny', contact));
    const ingrid = await createVerifiedUser(db, 'ingrid@example.no', 'Ingrid', 'Berg', contact);
    await insertResetRequest(db, ingrid, 'Glemt passord (lenke på e-post)');
    const seller = await createVerifiedUser(db, 'sofie@example.no', 'Sofie', 'Selger', contact);
    const ola = await createVerifiedUser(db, 'ola@example.no', 'Ola', 'Hansen', contact);
    roundId = await openRound(db, seller, {
      title: 'Villa Admin',
      address: 'Adminveien 1, 0001 Oslo',
      days: 3,
    });
    const viewer = await findViewerById(db, ola);
    if (!viewer) throw new Error('no bidder');
    await placeBid(server.deps, viewer, {
      bidRoundId: roundId,
      amount: 4_250_000,
      conditions: 'Finansiering',
      bidDeadline: new Date(Date.now() + DAY),
    });
    page = await openPage(browser);
    await logIn(page, server.baseUrl, 'admin@example.no', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens from the navbar with three tabs and their counts', async () => {
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    await visible(page, 'Nina Ny');
    expect(new URL(page.url()).pathname).toBe('/admin');
    // The tab shows both lists, so it counts both: Nina's registration and Ingrid's reset request.
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Uverifisert e-post (2)',
      'Alle brukere (5)',
      'Budrunder (1)',
    ]);
    await expectNoAxeViolations(page, 'admin panel, unverified tab');
  });

  it('approves an unverified user', async () => {
    await page.getByRole('button', { name: 'Godkjenn Nina Ny' }).click();
    await visible(page, 'Bruker godkjent');
    await expect
      .poll(() => page.getByRole('tab', { name: /Uverifisert e-post/ }).textContent())
      .toBe('Uverifisert e-post (1)');
    await visible(page, 'Ingen brukere funnet');
    const [nina] = await server.deps.db.select().from(users).where(eq(users.email, 'nina@example.no'));
    expect(nina?.emailVerified).toBe(true);
  });

  it('approves a password-reset request with a new password, after a mismatch is caught', async () => {
    await page.getByRole('button', { name: 'Godkjenn forespørselen fra Ingrid Berg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Godkjenn forespørsel om nytt passord' });
    await dialog.getByLabel(/^Nytt passord/).fill('adminsatt1');
    await dialog.getByLabel('Bekreft nytt passord').fill('adminsatt2');
    await dialog.getByRole('button', { name: 'Godkjenn og sett passord' }).click();
    await visible(page, 'Passordene er ikke like');
    await expectNoAxeViolations(page, 'reset approval dialog with an error');
    await dialog.getByLabel('Bekreft nytt passord').fill('adminsatt1');
    await dialog.getByRole('button', { name: 'Godkjenn og sett passord' }).click();
    await visible(page, 'Passord reset godkjent');
    await visible(page, 'Ingen ventende forespørsler om nytt passord');
    await expect
      .poll(() => page.getByRole('tab', { name: /Uverifisert e-post/ }).textContent())
      .toBe('Uverifisert e-post (0)');
    const [request] = await server.deps.db.select().from(passwordResetRequests);
    expect(request).toMatchObject({ isApproved: true, isCompleted: true });
    // Ingrid logs in with the new password, from her own client (not this page's cookie jar).
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'ingrid@example.no', password: 'adminsatt1' }),
    });
    expect(login.status).toBe(200);
  });

  it('edits a user, and the list shows the change with the audit trail in the dialog', async () => {
    await page.getByRole('tab', { name: /Alle brukere/ }).click();
    await page.getByLabel('Søk').fill('ola');
    await expect.poll(() => page.getByRole('button', { name: /^Rediger / }).count()).toBe(1);
    await expectNoAxeViolations(page, 'admin panel, users tab');
    await page.getByRole('button', { name: 'Rediger Ola Hansen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger bruker' });
    await dialog.getByLabel(/^Telefon\b(?! til)/).fill('12345');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await visible(page, /^Telefonnummer må inkludere landkode/);
    await dialog.getByLabel(/^Telefon\b(?! til)/).fill('+47 92345678');
    await dialog.getByLabel(/^Fornavn/).fill('Olav');
    await expectNoAxeViolations(page, 'edit user dialog');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await visible(page, 'Bruker oppdatert');
    await page.getByLabel('Søk').fill('');
    await visible(page, 'Olav Hansen');
    await page.getByRole('button', { name: 'Rediger Olav Hansen' }).click();
    await visible(page, /Endret fornavn, telefon \(Anne Admin\)/);
    await page
      .getByRole('dialog', { name: 'Rediger bruker' })
      .getByRole('button', { name: 'Avbryt' })
      .click();
  });

  it('shows a bid history, and the empty one', async () => {
    await page.getByRole('button', { name: 'Budhistorikk for Olav Hansen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Budhistorikk for Olav Hansen' });
    await expect.poll(() => dialog.getByText('Villa Admin').isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await dialog.innerText()).replace(/\s+/g, ' ')).toMatch(/4 250 000 kr/);
    await expectNoAxeViolations(page, 'bid history dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Budhistorikk for Sofie Selger' }).click();
    await visible(page, 'Ingen bud funnet');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Slett Anne Admin' }).count()).toBe(0);
  });

  it('shows the round with its bidders, and deletes it after a plain warning', async () => {
    await page.getByRole('tab', { name: /Budrunder/ }).click();
    const card = page.getByRole('article', { name: 'Villa Admin' });
    await card.getByRole('button', { name: /Vis bud/ }).click();
    await expect.poll(() => card.getByText('ola@example.no').isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, 'admin panel, rounds tab with bids');
    await card.getByRole('button', { name: 'Slett', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Slette budrunden?' });
    expect(await dialog.innerText()).toMatch(/Budjournalene tas vare på/);
    await expectNoAxeViolations(page, 'delete round dialog');
    await dialog.getByRole('button', { name: 'Slett budrunde' }).click();
    await visible(page, 'Budrunde slettet');
    await visible(page, 'Ingen budrunder funnet');
    expect(await server.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId))).toEqual([]);
  });

  it('fits a phone: no sideways scrolling, rows as cards with their actions', async () => {
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(phone, server.baseUrl, 'admin@example.no', PASSWORD);
    await phone.goto(`${server.baseUrl}/admin`);
    await phone.getByRole('tab', { name: /Alle brukere/ }).click();
    await phone.getByRole('button', { name: 'Rediger Olav Hansen' }).waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await expectNoAxeViolations(phone, 'users tab on a phone');
    await phone.close();
  });
});

describe.skipIf(!chromiumAvailable())('the admin panel, as anyone else', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, 'kari@example.no', 'Kari', 'Nordmann');
    await createUser(server.deps.db, person('hemmelig@example.no', 'Hemmelig', 'Person'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Every request to the admin API the page makes. */
  const adminCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin/')) calls.push(r.url());
    });
    return calls;
  };

  it('an ordinary user at /admin gets the 404 page, no admin link and no admin data', async () => {
    const page = await openPage(browser);
    const calls = adminCalls(page);
    await logIn(page, server.baseUrl, 'kari@example.no', PASSWORD);
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Siden finnes ikke' }).waitFor();
    await page.waitForTimeout(1000);
    expect(calls).toEqual([]);
    expect(await page.content()).not.toContain('hemmelig@example.no');
    const direct = await page.request.get(`${server.baseUrl}/api/admin/all-users`);
    expect(direct.status()).toBe(403);
    await expectNoAxeViolations(page, '/admin as an ordinary user');
    await page.close();
  });

  it('a visitor at /admin is asked to log in, and no admin call is made', async () => {
    const page = await openPage(browser);
    const calls = adminCalls(page);
    await page.goto(`${server.baseUrl}/admin`);
    await visible(page, 'Logg inn som administrator');
    await page.waitForTimeout(1000);
    expect(calls).toEqual([]);
    expect(await page.content()).not.toContain('hemmelig@example.no');
    await page.close();
  });
});
