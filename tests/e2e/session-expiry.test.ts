import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/features/accounts/accounts.service';
import { deleteUserSessions } from '../../src/server/features/accounts/sessions.repository';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';

describe.skipIf(!chromiumAvailable())('a session that ends while the rounds page is open', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // Live, the stream says the session ended; with the stream blocked, the 5 s poll of the user notices.
  for (const [how, email, blockStream] of [
    ['over the live stream', 'kari@example.no', false],
    ['by polling when the stream is down', 'kari.poll@example.no', true],
  ] as const) {
    it(`says “Ikke pålogget” and opens the login dialog through /api/login (${how})`, async () => {
      const userId = await createUser(
        server.deps.db,
        { email, password: 'hemmelig1', firstName: 'Kari', lastName: 'Nordmann' },
        { emailVerified: true },
      );
      const page = await openPage(browser);
      if (blockStream) await page.route('**/api/events', (route) => route.abort());
      await page.goto(`${server.baseUrl}/?login=1`);
      const dialog = page.getByRole('dialog', { name: 'Logg inn' });
      await dialog.getByLabel('E-post', { exact: true }).fill(email);
      await dialog.getByLabel('Passord', { exact: true }).fill('hemmelig1');
      await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Aktive budrunder' }).isVisible())
        .toBe(true);
      const status = page.getByTestId('live-status');
      await expect
        .poll(() => status.textContent(), { timeout: 15_000 })
        .toBe(blockStream ? 'Oppdateres hvert 5. sekund' : 'Direkte');

      // The session ends on the server (another device changed the password, say).
      await deleteUserSessions(server.deps.db, userId);
      await expect.poll(() => page.getByText('Ikke pålogget').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Logg inn' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.close();
    });
  }
});
