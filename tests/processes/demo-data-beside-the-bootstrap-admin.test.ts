import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/seed-demo-data';
import { processDatabaseForThisFile } from '../setup/process-database';
import { type ServerProcess, startServerProcess } from '../setup/server-process';
import { TEST_ORIGIN } from '../setup/test-app';

// DEMO_DATA=true together with ADMIN_EMAIL: the bootstrap admin used to make the database non-empty before
// the demo seed looked, so the demo data was silently skipped. Three processes start at once, as a
// deployment with several processes comes up, and a fourth restarts later on the seeded database.
const database = processDatabaseForThisFile('demoadmin');
let servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const ADMIN = { ADMIN_EMAIL: 'drift@example.no', ADMIN_PASSWORD: 'drift-passord-123' };
const env = { DEMO_DATA: 'true', ...ADMIN };

async function logInStatus(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

async function counts(): Promise<Record<string, number>> {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const n = async (query: string) => Number((await db.query(query)).rows[0]?.n);
    return {
      users: await n('select count(*) as n from users'),
      admins: await n('select count(*) as n from users where is_admin'),
      bids: await n('select count(*) as n from bids'),
      rounds: await n('select count(*) as n from bid_rounds'),
    };
  } finally {
    await db.end();
  }
}

describe('DEMO_DATA=true with ADMIN_EMAIL set', () => {
  it('seeds the bootstrap admin and the demo data, once, with three processes starting at once', async () => {
    servers = await Promise.all(
      [1, 2, 3].map(() =>
        startServerProcess(database.url, database.dataDir, env, { healthyWithinMs: 120_000 }),
      ),
    );
    // The five demo accounts (seed-demo-data.test.ts) and the configured admin; two admins in all.
    const seeded = await counts();
    expect(seeded).toMatchObject({ users: 6, admins: 2, bids: 7 });
    expect(seeded.rounds).toBeGreaterThan(0);

    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(await logInStatus(first.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).toBe(200);
    expect(await logInStatus(second.url, 'selger@budrunde.no', DEMO_PASSWORD)).toBe(200);
    const rounds = (await fetch(`${first.url}/api/bid-rounds/active`).then((r) => r.json())) as unknown[];
    expect(rounds.length).toBeGreaterThan(0);

    // A restart on the seeded database adds nothing.
    servers.push(await startServerProcess(database.url, database.dataDir, env, { healthyWithinMs: 60_000 }));
    expect(await counts()).toEqual(seeded);
  }, 200_000);
});
