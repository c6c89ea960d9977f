import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/seed-demo-data';
import type { BidRoundView } from '../../src/shared/schemas/bid-round';
import { processDatabaseForThisFile } from '../setup/process-database';
import { type ServerProcess, startServerProcess } from '../setup/server-process';
import { sessionCookieFrom, TEST_ORIGIN } from '../setup/test-app';

// Three server processes started at the same moment on one empty PostgreSQL database, as a deployment
// with several processes comes up: one migrates and seeds while the others wait, and all three serve.
const database = processDatabaseForThisFile('three');
let servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const count = async (db: pg.Client, query: string) => Number((await db.query(query)).rows[0]?.n);

async function logIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res.headers.get('set-cookie') ?? undefined);
}

describe('three processes started at once on an empty database', () => {
  it('all come up, with one schema, one admin and one set of demo data', async () => {
    servers = await Promise.all(
      [1, 2, 3].map(() =>
        startServerProcess(
          database.url,
          database.dataDir,
          { DEMO_DATA: 'true' },
          // Migrations, then demo data with drawn pictures, one process after the other.
          { healthyWithinMs: 120_000 },
        ),
      ),
    );
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
        entries: unknown[];
      };
      expect(await count(db, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(
        journal.entries.length,
      );
      // What one run of the demo seed makes (seed-demo-data.test.ts): a second run would double it.
      expect(await count(db, 'select count(*) as n from users')).toBe(5);
      expect(await count(db, 'select count(*) as n from users where is_admin')).toBe(1);
      expect(await count(db, 'select count(*) as n from bids')).toBe(7);
      expect(await count(db, 'select count(*) as n from bid_journals')).toBe(3);
    } finally {
      await db.end();
    }
    const lists = await Promise.all(
      servers.map((s) =>
        fetch(`${s.url}/api/bid-rounds/active`).then((r) => r.json() as Promise<{ id: string }[]>),
      ),
    );
    expect(lists[0]?.length).toBeGreaterThan(0);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
  }, 150_000);

  it('limits wrong logins for one account spread over the three as one', async () => {
    const attempt = (i: number) =>
      fetch(`${servers[i % 3]?.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: 'nina@budrunde.no', password: `feil-${i}` }),
      });
    // Ten failures per account and address in 15 minutes (LOGIN_LIMITS.pair), wherever they land.
    for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(401);
    for (let i = 10; i < 13; i++) {
      const refused = await attempt(i);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a bid race spread over the three keeps every bid rule', async () => {
    const [first] = servers;
    if (!first) throw new Error('no servers');
    const ola = await logIn(first.url, 'ola@budrunde.no');
    const ingrid = await logIn(servers[1]?.url ?? '', 'ingrid@budrunde.no');
    const rounds = (await fetch(`${first.url}/api/bid-rounds/active`, { headers: { cookie: ola } }).then(
      (r) => r.json(),
    )) as BidRoundView[];
    const round = rounds.find((r) => !r.isOwner);
    if (!round) throw new Error('no open round to bid on');
    const floor = Math.max(round.highestBid ?? 0, round.property.price);
    const bidDeadline = new Date(
      Math.max(
        Date.now() + 6 * 3_600_000,
        round.minimumBidDeadline ? Date.parse(round.minimumBidDeadline) : 0,
      ),
    ).toISOString();
    // 30 rising amounts, sent at once in shuffled order, by two bidders, to the three processes in turn.
    const amounts = Array.from({ length: 30 }, (_, i) => floor + (i + 1) * 10_000);
    const order = amounts
      .map((amount, i) => ({ amount, key: (i * 7919) % 31 }))
      .sort((a, b) => a.key - b.key);
    const answers = await Promise.all(
      order.map(async ({ amount }, i) => {
        const server = servers[i % 3] as ServerProcess;
        const res = await fetch(`${server.url}/api/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: i % 2 ? ola : ingrid },
          body: JSON.stringify({ bidRoundId: round.id, amount, bidDeadline }),
        });
        return { amount, status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    for (const answer of answers) {
      if (answer.status === 201) continue;
      // The only refusal a race may bring: a higher bid got the lock first.
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Budet må være høyere enn det høyeste budet');
    }
    const top = answers.find((a) => a.amount === amounts.at(-1));
    expect(top?.status).toBe(201);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; amount: string }>(
        // Bids of the same millisecond in the order of their amounts, as the product reads them (decision 051).
        'select id, amount from bids where bid_round_id = $1 order by created_at, amount, id',
        [round.id],
      );
      const placed = rows.map((r) => Number(r.amount)).filter((amount) => amount > floor);
      const accepted = answers.filter((a) => a.status === 201).map((a) => a.amount);
      expect(placed.slice().sort((a, b) => a - b)).toEqual(accepted.slice().sort((a, b) => a - b));
      // In the order the lock let them in, every bid is above the one before.
      for (let i = 1; i < placed.length; i++) expect(placed[i]).toBeGreaterThan(placed[i - 1] as number);
    } finally {
      await db.end();
    }
  });
});
