import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { testIdText as text } from './page-checks';
import { openRound } from './seller-and-bidder';

// Well inside the client's 5 s polling period, which the follower list does not use anyway: what shows by
// then came over the live stream.
const AT_ONCE = { timeout: 3_000, interval: 50 };

describe.skipIf(!chromiumAvailable())("the owner's follower list, live", () => {
  let server: E2eServer;
  let browser: Browser;
  let roundId: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const seller = await createVerifiedUser(db, 'sofie@example.no', 'Sofie', 'Selger');
    await createVerifiedUser(db, 'kari@example.no', 'Kari', 'Konkurrent');
    roundId = await openRound(db, seller, {
      title: 'Følgergården',
      address: 'Følgeveien 3, 0001 Oslo',
      days: 3,
    });
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('gains a follower and loses them again on the owner’s open page, pushed over the stream', async () => {
    const owner = await openPage(browser);
    const follower = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(owner, server.baseUrl, 'sofie@example.no', PASSWORD);
    await logIn(follower, server.baseUrl, 'kari@example.no', PASSWORD);
    await Promise.all([owner.goto(roundUrl), follower.goto(roundUrl)]);
    await expect.poll(() => text(owner, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    const list = owner.getByRole('heading', { name: 'Følgere av budrunden' });
    await list.waitFor({ timeout: 15_000 });
    await owner.getByText('Ingen følgere ennå').waitFor({ timeout: 15_000 });
    // From here on the owner's page must not fetch the list: a change reaches it only through the stream.
    const listFetches: string[] = [];
    owner.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/bid-rounds/${roundId}/followers`)
        listFetches.push(request.url());
    });

    await follower.getByRole('button', { name: 'Følg budrunden' }).click({ timeout: 15_000 });
    await follower.getByText('Følger budrunde').first().waitFor();
    const rows = owner.getByTestId('follower-row');
    await expect.poll(() => rows.count(), AT_ONCE).toBe(1);
    expect(await rows.first().textContent()).toMatch(/^Kari Konkurrentkari@example\.noFølger siden /);
    await expectNoAxeViolations(owner, 'the owner’s round page with a follower');

    await follower.getByRole('button', { name: 'Slutt å følge' }).click();
    await follower.getByText('Sluttet å følge').first().waitFor();
    await expect.poll(() => rows.count(), AT_ONCE).toBe(0);
    await owner.getByText('Ingen følgere ennå').waitFor({ timeout: AT_ONCE.timeout });
    expect(listFetches).toEqual([]);
    await owner.close();
    await follower.close();
  });
});
