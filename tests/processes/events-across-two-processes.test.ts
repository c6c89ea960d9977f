import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundEvent } from '../../src/shared/schemas/events';
import { signInVerified } from '../setup/admin';
import { type EventStream, openEventStream } from '../setup/event-stream';
import { inDays, inHours } from '../setup/rounds';
import { type ServerProcess, startServerProcess } from '../setup/server-process';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../setup/test-app';

// Two real server processes on one PostgreSQL database: a change accepted by one reaches the streams held
// by the other through LISTEN/NOTIFY, also after the other's listening connection was cut.
let t: TestApp;
let databaseUrl: string;
const servers: ServerProcess[] = [];
const streams: EventStream[] = [];
let dataDir: string;

async function startServer(): Promise<string> {
  const server = await startServerProcess(databaseUrl, dataDir);
  servers.push(server);
  return server.url;
}

async function post(url: string, path: string, cookie: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { id: string; bid: { id: string } } };
}

beforeAll(async () => {
  t = await createTestApp();
  const result = await t.deps.db.execute(sql`select current_database() as name`);
  const name = String((result as unknown as { rows: { name: string }[] }).rows[0]?.name);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dataDir = mkdtempSync(join(tmpdir(), 'budrunde-processes-'));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(servers.map((server) => server.stop()));
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('events across two server processes on one PostgreSQL database', () => {
  it('a bid accepted by one process reaches a stream on the other, before and after its listener is cut', async () => {
    const [one, two] = await Promise.all([startServer(), startServer()]);
    const seller = await signInVerified(t, 'selger@example.no');
    const anna = await signInVerified(t, 'anna@example.no');
    const bjorn = await signInVerified(t, 'bjorn@example.no');

    const visitor = await openEventStream(two);
    const watcher = await openEventStream(two, anna);
    streams.push(visitor, watcher);
    expect(await watcher.next('hello')).toEqual({ signedIn: true });

    const created = await post(one, '/api/bid-round', seller, {
      title: 'Tvillinghuset',
      address: 'Prosessveien 2, 0150 Oslo',
      startingPrice: 3_000_000,
      deadline: inDays(2),
    });
    expect(created.status).toBe(201);
    const roundId: string = created.body.id;
    expect((await visitor.next('public-round', (e) => e.roundId === roundId, 5000)).round.id).toBe(roundId);

    // The second process answers the list from its cache: primed now, it must not outlive the bid.
    const listed = () =>
      fetch(`${two}/api/bid-rounds/active`, { headers: { cookie: anna } })
        .then((r) => r.json())
        .then((rounds: { id: string; highestBid: number | null }[]) => rounds.find((r) => r.id === roundId));
    expect((await listed())?.highestBid).toBeNull();
    const bid = await post(one, '/api/bids', bjorn, {
      bidRoundId: roundId,
      amount: 3_000_000,
      bidDeadline: inHours(6),
    });
    expect(bid.status).toBe(201);
    const seen: RoundEvent = await watcher.next('round', (e) => e.bidId === bid.body.bid.id, 5000);
    expect(seen.round?.highestBid).toBe(3_000_000);
    expect((await listed())?.highestBid).toBe(3_000_000);

    // Cut every connection of the second process (its pool and its LISTEN connection), as a restart would.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const hellos = watcher.events.filter((e) => e.name === 'hello').length;
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await admin.end();
    // The listener is back: the stream is told to refetch, since events may have been missed meanwhile.
    await watcher.next(
      'hello',
      () => watcher.events.filter((e) => e.name === 'hello').length > hellos,
      10_000,
    );

    const again = await post(one, '/api/bids', bjorn, {
      bidRoundId: roundId,
      amount: 3_100_000,
      bidDeadline: inHours(6),
    });
    expect(again.status).toBe(201);
    const after: RoundEvent = await watcher.next('round', (e) => e.bidId === again.body.bid.id, 5000);
    expect(after.round?.highestBid).toBe(3_100_000);
  });

  it('a session ended on one process is refused by the other at once, not after its cache runs out', async () => {
    const [one, two] = servers.map((s) => s.url);
    const cookie = await signInVerified(t, 'to-prosesser@example.no');
    const me = () => fetch(`${two}/api/auth/user`, { headers: { cookie } }).then((r) => r.status);
    // Asked twice, so the second process holds the session and the user in its cache.
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);
    const out = await fetch(`${one}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(out.status).toBe(200);
    const started = Date.now();
    while ((await me()) !== 401) {
      if (Date.now() - started > 1000) throw new Error('the ended session was still accepted after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
