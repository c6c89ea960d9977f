import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../../src/server/db/schema';
import { signInVerified } from '../setup/admin';
import { createRoundAs, placeBid } from '../setup/rounds';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: pg.Client;
let databaseName: string;

beforeAll(async () => {
  t = await createTestApp({ pg: { max: 10, lockTimeoutMs: 2000, connectionTimeoutMs: 2000 } });
  const result = await t.deps.db.execute(sql`select current_database() as name`);
  databaseName = String((result as unknown as { rows: { name: string }[] }).rows[0]?.name);
  // The test's own connection to the server, outside the app's pool, to kill the app's connections.
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Every connection the app has to its database, ended as a server restart would end them (57P01). */
async function killAppConnections(): Promise<number> {
  const res = await admin.query(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
    [databaseName],
  );
  return res.rows[0]?.n ?? 0;
}

describe('the database drops every connection while bids are being placed', () => {
  it('keeps the process up, answers 201 or 503, loses no acknowledged bid, and takes bids again after', async () => {
    const seller = await signInVerified(t, 'selger@example.no');
    const bidders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signInVerified(t, `byder-${i}@example.no`)),
    );
    const rounds = await Promise.all(bidders.map(() => createRoundAs(t, seller)));
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();

    // Each bidder raises on their own round, one bid at a time; a 503 is retried with the same amount.
    const bidding = bidders.map(async (cookie, i) => {
      let amount = 4_000_000;
      for (let step = 0; step < 25; step++) {
        const res = await placeBid(t, cookie, rounds[i]?.id ?? '', amount);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 201) {
          acknowledged.push(res.json().bid.id);
          amount += 10_000;
        }
      }
    });
    let killed = 0;
    const killing = (async () => {
      for (let k = 0; k < 6; k++) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        killed += await killAppConnections();
      }
    })();
    await Promise.all([...bidding, killing]);
    // The last kill may have ended after the last bid: its terminations reach the pool's idle connections
    // (whose error listeners drop them) a moment later. A query sent within that moment fails with 57P01
    // like any request the restart cut, which the storm above already covers; what follows is 'after'.
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(killed).toBeGreaterThan(0);
    // Only success or 'try again': never a 500, never a rule broken by a half-done bid.
    expect(
      [...statuses.keys()].every((status) => status === 201 || status === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);
    const stored = await t.deps.db.select({ id: bids.id }).from(bids).where(inArray(bids.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);

    // After the storm, each round takes a bid at once.
    for (const [i, cookie] of bidders.entries()) {
      const roundId = rounds[i]?.id ?? '';
      const [top] = await t.deps.db
        .select({ max: sql<string>`max(${bids.amount})` })
        .from(bids)
        .where(eq(bids.bidRoundId, roundId));
      const res = await placeBid(t, cookie, roundId, Number(top?.max ?? 4_000_000) + 50_000);
      expect(res.statusCode, res.body).toBe(201);
    }
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    console.log(
      `faults: ${killed} connections killed; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });
});
