import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViewerById } from '../../src/server/features/accounts/accounts.repository';
import { placeBid } from '../../src/server/features/bids/bids.service';
import { createVerifiedUser, PASSWORD } from '../setup/person';
import { expectNoAxeViolations } from './axe';
import { chromiumAvailable } from './browser-guard';
import { launchChromium, openPage } from './chromium';
import { type E2eServer, startE2eServer } from './e2e-server';
import { logIn } from './log-in';
import { noSidewaysScroll, testIdText as text } from './page-checks';
import { openRound } from './seller-and-bidder';

const DAY = 86_400_000;
/** The client's polling period (LIVE_REFETCH_MS) when the stream is down. */
const POLL_MS = 5000;
// Well inside one polling period: what shows by then came over the stream.
const AT_ONCE = { timeout: 2_000, interval: 50 };
// One polling period, and the fetch that follows it.
const BY_POLLING = { timeout: 7_000, interval: 100 };

/** What the page polls while the stream is down: the round lists, a round, its bids, and the user. */
const POLLED = /^\/api\/(bid-rounds\/[^/]+(\/bids)?|owner\/bid-rounds\/[^/]+\/bids|auth\/user)$/;

/** Every request the page makes from now on, with when it was made and what kind of request it was. */
function recordRequests(page: Page) {
  const seen: { path: string; at: number; type: string }[] = [];
  page.on('request', (request) =>
    seen.push({ path: new URL(request.url()).pathname, at: Date.now(), type: request.resourceType() }),
  );
  return {
    polledSince: (from: number) => seen.filter((r) => r.at >= from && POLLED.test(r.path)).map((r) => r.path),
    /** The resource type of each stream the page opened: Chromium reports an EventSource as 'eventsource'. */
    streamsSince: (from: number) =>
      seen.filter((r) => r.at >= from && r.path === '/api/events').map((r) => r.type),
  };
}

/** Bids as Bjørn from outside any browser: his own session, his cookie, through the real API. */
async function bidAs(baseUrl: string, email: string, roundId: string, amount: number): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const bid = await fetch(`${baseUrl}/api/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({
      bidRoundId: roundId,
      amount,
      conditions: '',
      bidDeadline: new Date(Date.now() + 2 * DAY).toISOString(),
    }),
  });
  expect(bid.status, await bid.clone().text()).toBe(201);
}

describe.skipIf(!chromiumAvailable())('a new bid on every watcher’s screen', () => {
  let server: E2eServer;
  let browser: Browser;
  let roundId: string;
  let roundUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
    const { db } = server.deps;
    const seller = await createVerifiedUser(db, 'sofie@example.no', 'Sofie', 'Selger');
    const anna = await createVerifiedUser(db, 'anna@example.no', 'Anna', 'Andersen');
    await createVerifiedUser(db, 'bjorn@example.no', 'Bjørn', 'Berg');
    roundId = await openRound(db, seller, {
      title: 'Direkte Villa',
      address: 'Strømveien 1, 0001 Oslo',
      days: 3,
    });
    roundUrl = `${server.baseUrl}/budrunder/${roundId}`;
    // Anna has bid already: as a bidder her stream carries the round's bid list.
    const viewer = await findViewerById(db, anna);
    if (!viewer) throw new Error('no bidder');
    await placeBid(server.deps, viewer, {
      bidRoundId: roundId,
      amount: 4_000_000,
      conditions: null,
      bidDeadline: new Date(Date.now() + 2 * DAY),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('B’s bid reaches A’s tab over the stream, with no poll in between, and is announced', async () => {
    const pageA = await openPage(browser);
    const pageB = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const requestsA = recordRequests(pageA);
    await logIn(pageA, server.baseUrl, 'anna@example.no', PASSWORD);
    await logIn(pageB, server.baseUrl, 'bjorn@example.no', PASSWORD);
    const loadedAt = Date.now();
    await Promise.all([pageA.goto(roundUrl), pageB.goto(roundUrl)]);
    for (const page of [pageA, pageB]) {
      await expect.poll(() => text(page, 'live-status'), { timeout: 15_000 }).toBe('Direkte');
    }
    await expect.poll(() => text(pageA, 'highest-bid'), { timeout: 15_000 }).toBe('4 000 000 kr');
    expect(await pageA.getByTestId('bid-announcer').getAttribute('aria-live')).toBe('polite');
    expect(await text(pageA, 'bid-announcer')).toBe('');
    expect(await noSidewaysScroll(pageB)).toBe(true);

    // The loads after the stream's hello are over; from here on, a live page asks the server for nothing,
    // not even after a whole polling period.
    await pageA.waitForTimeout(1000);
    const quietFrom = Date.now();
    await pageA.waitForTimeout(POLL_MS + 500);
    expect(requestsA.polledSince(quietFrom)).toEqual([]);
    // One stream for the page, opened at start-up by the browser's EventSource (not by fetch), and no other.
    expect(requestsA.streamsSince(loadedAt)).toEqual(['eventsource']);

    await pageB.getByLabel('Beløp').fill('4200000');
    await pageB.getByRole('button', { name: 'Legg inn bud' }).click();
    await pageB
      .getByRole('dialog', { name: 'Bekreft budgivning' })
      .getByRole('button', { name: 'Bekreft bud' })
      .click();
    await expect.poll(() => text(pageA, 'highest-bid'), AT_ONCE).toBe('4 200 000 kr');
    const rowsA = pageA.getByTestId('bid-row');
    await expect.poll(() => rowsA.count(), AT_ONCE).toBe(2);
    const top = (await rowsA.first().textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(top).toContain('4 200 000 kr');
    expect(top).toContain('Budgiver B');
    expect(top).not.toMatch(/Bjørn|Berg/);
    // The new highest bid glows for a moment, and screen readers hear of it.
    expect(await rowsA.first().getAttribute('data-new-bid')).toBe('true');
    expect(await text(pageA, 'bid-announcer')).toBe('Nytt bud: 4 200 000 kr');
    expect(requestsA.polledSince(quietFrom)).toEqual([]);
    await expectNoAxeViolations(pageA, 'the round page, live, after a new bid');

    // B's own tab shows the bid too, without announcing B's own bid back to B.
    await expect.poll(() => text(pageB, 'highest-bid'), AT_ONCE).toBe('4 200 000 kr');
    expect(await text(pageB, 'bid-announcer')).toBe('');
    expect(await pageA.getByTestId('live-status').isVisible()).toBe(true);
    // The bid changed nothing about the stream: still the one EventSource it opened at start-up.
    expect(requestsA.streamsSince(loadedAt)).toEqual(['eventsource']);
    await pageA.close();
    await pageB.close();
  });

  it('with the stream blocked, the page says it polls, and B’s bid still arrives by polling', async () => {
    const pageA = await openPage(browser);
    const requestsA = recordRequests(pageA);
    await pageA.route('**/api/events', (route) => route.abort());
    await logIn(pageA, server.baseUrl, 'anna@example.no', PASSWORD);
    await pageA.goto(roundUrl);
    await expect
      .poll(() => text(pageA, 'live-status'), { timeout: 15_000 })
      .toBe('Oppdateres hvert 5. sekund');
    await expect.poll(() => text(pageA, 'highest-bid'), { timeout: 15_000 }).toBe('4 200 000 kr');

    const bidAt = Date.now();
    await bidAs(server.baseUrl, 'bjorn@example.no', roundId, 4_300_000);
    await expect.poll(() => text(pageA, 'highest-bid'), BY_POLLING).toBe('4 300 000 kr');
    await expect
      .poll(async () => (await pageA.getByTestId('bid-row').first().textContent())?.replace(/\s+/g, ' '), {
        ...BY_POLLING,
        timeout: POLL_MS + 1000,
      })
      .toContain('4 300 000 kr');
    // It came by polling: the page asked for the round and its bids after the bid was placed.
    expect(requestsA.polledSince(bidAt)).toEqual(
      expect.arrayContaining([`/api/bid-rounds/${roundId}`, `/api/bid-rounds/${roundId}/bids`]),
    );
    expect(await text(pageA, 'live-status')).toBe('Oppdateres hvert 5. sekund');
    await expectNoAxeViolations(pageA, 'the round page, polling');
    await pageA.close();
  });
});
