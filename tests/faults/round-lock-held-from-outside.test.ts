import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../setup/admin';
import { holdRoundRow } from '../setup/round-row-held';
import { createRoundAs, placeBid } from '../setup/rounds';
import { createTestApp, type TestApp } from '../setup/test-app';

const LOCK_TIMEOUT_MS = 2000;
let t: TestApp;
let holder: pg.Client;

beforeAll(async () => {
  t = await createTestApp({
    pg: { max: 10, lockTimeoutMs: LOCK_TIMEOUT_MS, connectionTimeoutMs: LOCK_TIMEOUT_MS },
  });
});
afterAll(async () => {
  await holder?.end().catch(() => {});
  await t?.close();
});

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe("a round's row lock held from another connection", () => {
  it('leaves readiness, the lists and other rounds answering within a second; bids on the round end in 503', async () => {
    const seller = await signInVerified(t, 'selger@example.no');
    const bidder = await signInVerified(t, 'byder@example.no');
    const other = await signInVerified(t, 'annen@example.no');
    const locked = await createRoundAs(t, seller);
    const free = await createRoundAs(t, seller);

    // A stalled transaction somewhere else (psql, a stuck process) holds the round's row.
    holder = await holdRoundRow(t, locked.id);

    const stuck = Array.from({ length: 5 }, (_, i) =>
      timed(placeBid(t, i % 2 ? bidder : other, locked.id, 4_000_000 + i * 10_000)),
    );
    // Give the stuck bids time to take their connections and queue on the lock.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const ready = await timed(t.request({ method: 'GET', url: '/api/ready' }));
    const list = await timed(t.request({ method: 'GET', url: '/api/bid-rounds/user', cookie: bidder }));
    const elsewhere = await timed(placeBid(t, bidder, free.id, 4_000_000));
    expect(ready.result.statusCode).toBe(200);
    expect(list.result.statusCode).toBe(200);
    expect(elsewhere.result.statusCode).toBe(201);
    for (const { ms } of [ready, list, elsewhere]) expect(ms).toBeLessThan(1000);

    const ended = await Promise.all(stuck);
    for (const { result, ms } of ended) {
      expect(result.statusCode, result.body).toBe(503);
      expect(result.json().message).toBe('Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.');
      expect(result.headers['retry-after']).toBe('2');
      // lock_timeout counts each lock wait on its own: the waiter that next gets the row's tuple lock when the
      // first one gives up then waits for the holder too. So a bid ends within twice the timeout.
      expect(ms).toBeLessThan(2 * LOCK_TIMEOUT_MS + 1000);
    }
    // Nothing of the refused bids was written; once the lock is let go, the round takes a bid.
    await holder.query('rollback');
    const res = await placeBid(t, bidder, locked.id, 4_000_000);
    expect(res.statusCode, res.body).toBe(201);
    console.log(
      `faults: with a round locked, ready ${ready.ms.toFixed(0)} ms, list ${list.ms.toFixed(0)} ms, other round ${elsewhere.ms.toFixed(0)} ms; locked bids 503 after ${ended.map((e) => e.ms.toFixed(0)).join('/')} ms`,
    );
  });
});
