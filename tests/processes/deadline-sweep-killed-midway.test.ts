import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEADLINE_SWEEP_MS } from '../../src/server/jobs/periodic-tasks';
import { processDatabaseForThisFile } from '../setup/process-database';
import { type ServerProcess, startServerProcess } from '../setup/server-process';

// A server process killed while its deadline sweep is closing a round, and then two processes sweeping the
// same database: the round is never left half-closed, and it is closed, with its journals, exactly once.
const database = processDatabaseForThisFile('sweep');
let servers: ServerProcess[] = [];
let db: pg.Client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | null>, withinMs: number): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`waited ${withinMs} ms for ${what}`);
    await sleep(200);
  }
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.end().catch(() => {});
});

const one = async <T>(query: string, params: unknown[] = []) => (await db.query(query, params)).rows[0] as T;

describe('the deadline sweep, killed midway and run by two processes', () => {
  it('leaves no half-closed round, and the next sweeps close it once', async () => {
    // The demo data: a round with bids from several bidders.
    const seeder = await startServerProcess(
      database.url,
      database.dataDir,
      { DEMO_DATA: 'true' },
      { healthyWithinMs: 120_000 },
    );
    servers = [seeder];
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { roundId } = await one<{ roundId: string }>(
      `select b.bid_round_id as "roundId" from bids b join bid_rounds r on r.id = b.bid_round_id
        where not r.is_closed group by 1 order by count(distinct b.user_id) desc limit 1`,
    );
    const { bidderId } = await one<{ bidderId: string }>(
      `select user_id as "bidderId" from bids where bid_round_id = $1 limit 1`,
      [roundId],
    );

    // A bidder's row locked from outside: the sweep marks the round closed in its transaction, then waits
    // here for the bidders' locks, before any journal is written.
    await db.query('begin');
    await db.query('select id from users where id = $1 for update', [bidderId]);
    const { locker } = await one<{ locker: number }>('select pg_backend_pid() as locker');
    // The deadline passes, set from a connection of its own (the locking one would hold the round too).
    const changer = new pg.Client({ connectionString: database.url });
    await changer.connect();
    await changer.query(`update bid_rounds set deadline = now() - interval '1 minute' where id = $1`, [
      roundId,
    ]);
    await changer.end();

    const blocked = await waitFor(
      'the sweep to wait for the bidder lock',
      async () => {
        const row = (
          await database.admin.query(
            // Found by whom it waits for, not by its text: pg_stat_activity keeps only the query's first
            // 1,024 bytes, and the bidders' query is longer than that.
            `select pid from pg_stat_activity
              where datname = $1 and wait_event_type = 'Lock' and $2 = any(pg_blocking_pids(pid))`,
            [database.name, locker],
          )
        ).rows[0] as { pid: number } | undefined;
        return row?.pid ?? null;
      },
      DEADLINE_SWEEP_MS + 10_000,
    );
    // Inside the sweep's transaction the round is already marked closed; nobody else can see that yet.
    seeder.child.kill('SIGKILL');
    await seeder.stop();
    servers = [];
    await db.query('rollback');
    // The orphaned backend finishes its statement, finds its client gone and rolls back.
    await waitFor(
      'the killed process’s transaction to end',
      async () =>
        (await database.admin.query('select 1 from pg_stat_activity where pid = $1', [blocked])).rowCount ===
        0
          ? true
          : null,
      20_000,
    );

    const halfway = await one<{ isClosed: boolean; journals: number }>(
      `select is_closed as "isClosed",
              (select count(*)::int from bid_journals where bid_round_id = $1) as journals
         from bid_rounds where id = $1`,
      [roundId],
    );
    expect(halfway).toEqual({ isClosed: false, journals: 0 });

    // Two processes sweep the same database; one of them closes the round.
    servers = await Promise.all([1, 2].map(() => startServerProcess(database.url, database.dataDir)));
    const closedAt = await waitFor(
      'the next sweep to close the round',
      async () => {
        const row = await one<{ closedAt: Date | null }>(
          `select closed_at as "closedAt" from bid_rounds where id = $1`,
          [roundId],
        );
        return row.closedAt;
      },
      DEADLINE_SWEEP_MS + 15_000,
    );
    // Both processes sweep at least once more before the round is looked at again.
    await sleep(DEADLINE_SWEEP_MS + 2_000);

    const after = await one<{
      closeReason: string;
      closedAt: Date;
      journals: number;
      people: number;
      distinct: number;
    }>(
      `select r.close_reason as "closeReason", r.closed_at as "closedAt",
              (select count(*)::int from bid_journals j where j.bid_round_id = r.id) as journals,
              (select count(distinct j.user_id)::int from bid_journals j where j.bid_round_id = r.id) as distinct,
              (select count(distinct b.user_id)::int from bids b where b.bid_round_id = r.id) + 1 as people
         from bid_rounds r where r.id = $1`,
      [roundId],
    );
    expect(after.closeReason).toBe('deadline');
    expect(after.closedAt.getTime()).toBe(closedAt.getTime());
    // One journal per person, the owner and each bidder, written once.
    expect(after.journals).toBe(after.people);
    expect(after.distinct).toBe(after.people);
  }, 240_000);
});
