/**
 * npm run bench [-- --quick] [-- --only=read,live,storm,mail,notify] [-- --no-build]
 *
 * Measures, in one run on this machine against PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres): bid-to-screen latency over GET /api/events at 2,000
 * subscribers, the server's memory per idle stream, a 20-bidder storm on one round, mail throughput to a
 * local SMTP sink, and the signed-in list's throughput against a Fastify hello world; then a notification
 * storm (decision 028): 7,000 bids on a round with 20 followers, the messages it queued and when the last went. Builds the server
 * (esbuild, under a second) unless --no-build; uses a database of its own and drops it at the end.
 * Prints the figures beside the targets (decisions 015 and 050). Not part of npm test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type BenchDb, createBenchDb, purgePendingJobs } from './bench-db';
import { ADMIN_URL, config, noBuild, type Phase, quick, selected } from './config';
import { Api } from './http-client';
import { liveRows, mailRows, notifyRows, runLivePhase, runMailPhase, runNotifyPhase } from './phases';
import { readRows, runReadPhase, runStormPhase, stormRows } from './ratio-phases';
import { type Fixture, seed } from './seed';
import { type ServerProcess, stopAll } from './server-process';
import { buildServer, ROOT, requireBuiltServer, startBudrunde } from './servers';
import { SmtpSink } from './smtp-sink';
import { progress, type Row, table } from './stats';

const SESSION_SECRET = 'bench-session-secret-bench-session-secret-0123';

let db: BenchDb | null = null;
let sink: SmtpSink | null = null;
let dataDir: string | null = null;
let cleaned = false;

/** Ends every process, the sink, the database and the temporary directory; safe to call twice. */
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  await stopAll().catch((e) => progress(`stopping processes: ${(e as Error).message}`));
  await sink?.close().catch(() => {});
  // BENCH_KEEP_DB=1 leaves the database for profiling by hand (EXPLAIN, pg_stat_user_functions); the next
  // run drops it as stale.
  if (process.env.BENCH_KEEP_DB) progress(`database kept: ${db?.url}`);
  else await db?.drop().catch((e) => progress(`could not drop ${db?.name}: ${(e as Error).message}`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** A fresh server for each phase, so that no phase measures the backlog or the memory of the one before. */
async function withServer<T>(
  options: { smtpPort?: number; env?: Record<string, string> },
  work: (server: ServerProcess, api: Api) => Promise<T>,
): Promise<T> {
  if (!db || !dataDir) throw new Error('no database');
  const server = await startBudrunde({
    databaseUrl: db.url,
    sessionSecret: SESSION_SECRET,
    dataDir,
    smtpPort: options.smtpPort,
    env: options.env,
  });
  const api = new Api(server.baseUrl);
  try {
    return await work(server, api);
  } finally {
    api.close();
    await server.stop();
    const purged = await purgePendingJobs(db.pool);
    if (purged > 0) progress(`${purged} unsent background jobs dropped before the next phase`);
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (noBuild) requireBuiltServer();
  else {
    progress('building the server (npm run build:server)');
    buildServer();
  }
  dataDir = mkdtempSync(join(os.tmpdir(), 'budrunde-bench-'));
  db = await createBenchDb(ADMIN_URL);
  progress(`database ${db.name} created`);
  sink = new SmtpSink();
  const smtpPort = await sink.start();

  progress('seeding (the first server start migrates the database)');
  const fixture: Fixture = await withServer({}, (_server, api) =>
    seed(db?.pool as BenchDb['pool'], api, SESSION_SECRET, {
      subscribers: config.subscribers,
      stormBidders: config.stormBidders,
      mailFollowers: config.mailFollowers,
      notifyFollowers: config.notifyFollowers,
      openRounds: config.openRounds,
    }),
  );

  // Printed in one fixed order, whatever order the phases ran in.
  const rowsOf = new Map<Phase, Row[]>();
  const detailsOf = new Map<Phase, string[]>();
  let failed = 0;
  const run = async (phase: Phase, work: () => Promise<{ rows: Row[]; details: string[] }>, names: Row[]) => {
    // After ^C the cleanup has begun: start nothing new.
    if (!selected(phase) || cleaned) return;
    progress(`phase ${phase}`);
    try {
      const out = await work();
      rowsOf.set(phase, out.rows);
      detailsOf.set(phase, out.details);
    } catch (error) {
      failed++;
      const message = (error as Error).message.split('\n')[0] ?? String(error);
      progress(`phase ${phase} failed: ${(error as Error).stack ?? message}`);
      rowsOf.set(
        phase,
        names.map((row) => ({ ...row, result: `not measured: ${message}`, met: false })),
      );
    }
  };

  const pool = db.pool;
  await run(
    'read',
    // TRUST_PROXY=1: each request of the read figure comes from another address (X-Forwarded-For).
    () =>
      withServer({ env: { TRUST_PROXY: '1' } }, (server, api) => runReadPhase(server, api, fixture, config)),
    readRows(config),
  );
  await run(
    'live',
    () => withServer({}, (server, api) => runLivePhase(server, api, fixture, config)),
    liveRows(config),
  );
  await run(
    'storm',
    () => withServer({}, (_s, api) => runStormPhase(api, pool, fixture, config)),
    stormRows(config),
  );
  await run(
    'mail',
    () =>
      withServer({ smtpPort, env: { NOTIFY_WINDOW_S: '0' } }, (_s, api) =>
        runMailPhase(api, sink as SmtpSink, fixture, config),
      ),
    mailRows(config),
  );
  await run(
    'notify',
    () => withServer({ smtpPort }, (_s, api) => runNotifyPhase(api, pool, sink as SmtpSink, fixture, config)),
    notifyRows(config),
  );

  const order: Phase[] = ['live', 'storm', 'mail', 'read', 'notify'];
  const rows = order.flatMap((phase) => rowsOf.get(phase) ?? []);
  const details = order.flatMap((phase) => detailsOf.get(phase) ?? []);
  process.stdout.write(`\n${header(loadAtStart)}\n${table(rows)}\n`);
  if (details.length) process.stdout.write(`\nDetails\n${details.map((d) => `  ${d}`).join('\n')}\n`);
  process.stdout.write(`\nTotal run time ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
  return failed > 0 ? 1 : 0;
}

function header(loadAtStart: number): string {
  const cpus = os.cpus();
  const loadAtEnd = os.loadavg()[0] ?? 0;
  let commit = 'unknown';
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
    // Read-only: --no-optional-locks keeps `git status` from refreshing the index file.
    const changed = git('--no-optional-locks', 'status', '--porcelain').split('\n').filter(Boolean).length;
    commit = `${git('rev-parse', '--short', 'HEAD')}${changed ? ` + ${changed} changed files` : ''}`;
  } catch {
    // Not a git checkout: the commit is only informative.
  }
  return [
    `Budrunde benchmark, ${new Date().toISOString()}${quick ? ' (--quick: smaller sizes, not the figures)' : ''}`,
    `node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, PostgreSQL at ${new URL(ADMIN_URL).host}, commit ${commit}`,
    'Phases ran in the order read, live, storm, mail, notify, each on a freshly started server process (`node dist/server/main.js`);',
    'mail left unsent by one phase is dropped before the next.',
    // Other work on the machine (a test run, say) skews every figure: the load average shows it.
    `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end, which includes the bench's own load (${cpus.length} cores).`,
    ...(loadAtStart >= 1
      ? [
          'WARNING: other work was running on this machine; every figure is skewed, the read ratio most (a starved',
          'hello server makes it look better). Run again on an idle machine for figures to compare.',
        ]
      : []),
  ].join('\n');
}

let code = 1;
try {
  code = await main();
} catch (error) {
  progress(`bench failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup();
}
process.exit(code);
