import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';

describe.skipIf(!chromiumAvailable())('downloading one’s own data', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    await createVerifiedUser(server.deps.db, 'dina.data@example.no', 'Dina', 'Data', {
      phone: '+47 41234567',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the profile card offers ‘Last ned mine data’, and the file holds the profile', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, server.baseUrl, 'dina.data@example.no', PASSWORD);
    await page.getByRole('button', { name: 'Din profil' }).click();
    const link = page.getByRole('link', { name: 'Last ned mine data' });
    await link.waitFor();
    await expectNoAxeViolations(page, 'the profile card with the download link, 390 px');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('budrunde-mine-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.profile).toMatchObject({
      email: 'dina.data@example.no',
      firstName: 'Dina',
      lastName: 'Data',
    });
    expect(data.bids).toEqual([]);
    await page.close();
  });
});
