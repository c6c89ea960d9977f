import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { insertResetRequest } from '../../src/server/features/auth/password-resets.repository';
import { createVerifiedUser, PASSWORD, person } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { visible } from './page-checks';

// Decision 027, on screen: the panel offers no way to set an administrator's password, and the
// dialog for 'Avvis' says that the link already mailed stops working.

describe.skipIf(!chromiumAvailable())('password actions in the admin panel', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const phone = { phone: '+47 41234567' };
    await createUser(db, person('admin@example.no', 'Anne', 'Admin', phone), {
      emailVerified: true,
      isAdmin: true,
    });
    const other = await createUser(db, person('admin2@example.no', 'Arne', 'Annenadmin', phone), {
      emailVerified: true,
      isAdmin: true,
    });
    const ingrid = await createVerifiedUser(db, 'ingrid@example.no', 'Ingrid', 'Berg', phone);
    await insertResetRequest(db, other, 'Glemt passord (lenke på e-post)');
    await insertResetRequest(db, ingrid, 'Glemt passord (lenke på e-post)');
    page = await openPage(browser);
    await logIn(page, server.baseUrl, 'admin@example.no', PASSWORD);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("offers only 'Avvis' for an administrator's reset request", async () => {
    await visible(page, 'Arne Annenadmin');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    expect(await button('Avvis forespørselen fra Arne Annenadmin').count()).toBe(1);
    expect(await button('Godkjenn forespørselen fra Arne Annenadmin').count()).toBe(0);
    expect(await button('Godkjenn forespørselen fra Ingrid Berg').count()).toBe(1);
  });

  it("the 'Avvis' dialog says the mailed link stops working, and rejecting it says so again", async () => {
    await page.getByRole('button', { name: 'Avvis forespørselen fra Ingrid Berg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Avvise forespørselen?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Lenken for å tilbakestille passordet som allerede er sendt på e-post, slutter å virke.',
    );
    await expectNoAxeViolations(page, 'reject reset request dialog');
    await dialog.getByRole('button', { name: 'Avvis', exact: true }).click();
    await visible(page, 'Forespørselen er fjernet, og lenken på e-post virker ikke lenger.');
  });

  it("shows no 'Endre passord' on an administrator's row, one's own included", async () => {
    await page.getByRole('tab', { name: /Alle brukere/ }).click();
    await visible(page, 'ingrid@example.no');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    expect(await button('Endre passord for Ingrid Berg').count()).toBe(1);
    expect(await button('Endre passord for Arne Annenadmin').count()).toBe(0);
    expect(await button('Endre passord for Anne Admin').count()).toBe(0);
  });
});
