import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../setup/admin';
import { holdRoundRow } from '../setup/round-row-held';
import { createRoundAs, placeBid } from '../setup/rounds';
import { createTestApp, type TestApp } from '../setup/test-app';

// The configured lock timeout, as production sets both: the pool's lock_timeout and the bids' own budget.
const LOCK_TIMEOUT_MS = 2000;
// More bids on the stalled round than the pool has connections: before each round's waiters were bounded,
// they took all ten, and every other request waited for a connection.
const POOL_SIZE = 10;
const STUCK_BIDS = 24;
let t: TestApp;
let holder: pg.Client | undefined;

beforeAll(async () => {
  t = await createTestApp({
    env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) },
    pg: { max: POOL_SIZE, lockTimeoutMs: LOCK_TIMEOUT_MS, connectionTimeoutMs: LOCK_TIMEOUT_MS },
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a round's row lock held from another connection", () => {
  it('leaves readiness, the round list and other rounds answering within a second; its bids end within the lock timeout + 2 s', async () => {
    const seller = await signInVerified(t, 'selger@example.no');
    const bidders = await Promise.all(
      ['en', 'to', 'tre', 'fire'].map((name) => signInVerified(t, `byder-${name}@example.no`)),
    );
    const locked = await createRoundAs(t, seller);
    const free = await createRoundAs(t, seller);

    // A stalled transaction somewhere else (psql, a stuck process) holds the round's row.
    holder = await holdRoundRow(t, locked.id);

    const stuck = Array.from({ length: STUCK_BIDS }, (_, i) =>
      timed(placeBid(t, bidders[i % bidders.length] as string, locked.id, 4_000_000 + i * 10_000)),
    );

    // Look while the bids wait: at once, and again once they have waited longer than any queue in front
    // of the database would hold them back.
    const probes: { what: string; status: number; ms: number }[] = [];
    for (const at of [200, 1300]) {
      await pause(at === 200 ? 200 : 1100);
      const [ready, list, elsewhere] = await Promise.all([
        timed(t.request({ method: 'GET', url: '/api/ready' })),
        timed(t.request({ method: 'GET', url: '/api/bid-rounds/active', cookie: bidders[0] })),
        timed(placeBid(t, bidders[1] as string, free.id, 4_000_000 + at * 1000)),
      ]);
      probes.push(
        { what: `ready at ${at} ms`, status: ready.result.statusCode, ms: ready.ms },
        { what: `list at ${at} ms`, status: list.result.statusCode, ms: list.ms },
        { what: `other round at ${at} ms`, status: elsewhere.result.statusCode, ms: elsewhere.ms },
      );
      expect(ready.result.statusCode, ready.result.body).toBe(200);
      expect(list.result.statusCode, list.result.body).toBe(200);
      expect(elsewhere.result.statusCode, elsewhere.result.body).toBe(201);
    }

    const ended = await Promise.all(stuck);
    console.log(
      `faults: with a round locked, ${probes.map((p) => `${p.what} ${p.ms.toFixed(0)} ms`).join(', ')}; ` +
        `its ${STUCK_BIDS} bids ended after ${ended.map((e) => e.ms.toFixed(0)).join('/')} ms`,
    );
    for (const probe of probes) expect(probe.ms, probe.what).toBeLessThan(1000);
    for (const { result, ms } of ended) {
      // Nothing can be placed while the row is held: each bid is told to try again, with Retry-After.
      expect(result.statusCode, result.body).toBe(503);
      expect(result.json().message).toBe('Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.');
      expect(result.headers['retry-after']).toBe('2');
      expect(ms).toBeLessThan(LOCK_TIMEOUT_MS + 2000);
    }

    // Nothing of the refused bids was written; once the lock is let go, the round takes a bid.
    await holder.query('rollback');
    const res = await placeBid(t, bidders[0] as string, locked.id, 4_000_000);
    expect(res.statusCode, res.body).toBe(201);
    const bids = await t.request({ method: 'GET', url: `/api/bid-rounds/${locked.id}/bids`, cookie: seller });
    expect(bids.json().bids).toHaveLength(1);
  });
});
