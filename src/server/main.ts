import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { buildApp } from './app';
import { systemClock } from './clock';
import { type Database, openPg, openPgliteDir } from './db/client';
import { demoLoginsText, seedDemoData } from './demo/seed-demo-data';
import type { AppDeps } from './deps';
import { ConfigError, type Env, parseEnv } from './env';
import { EventHub } from './events/event-hub';
import { ensureAdmin } from './features/accounts/accounts.service';
import { loggerOptions } from './http/logging';
import { Metrics } from './http/metrics';
import { loadPageRenderer, warmUpRenderer } from './http/page-render';
import { RequestLoad } from './http/request-load';
import { createJobHandlers } from './jobs/handlers';
import { periodicTasks } from './jobs/periodic-tasks';
import { JobWorker } from './jobs/worker';
import { createMailer } from './mail/create-mailer';
import { loadChainKey } from './security/chain-key';
import { openCounters } from './security/open-counters';
import { RateLimiter } from './security/rate-limiter';
import { createSmsSender } from './sms/create-sms-sender';
import { createStorage } from './storage/create-storage';

const SHUTDOWN_GRACE_MS = 10_000;

function loadEnv(): Env {
  // A local .env (copied from .env.example) is optional; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabase(env: Env, log: Logger): Promise<Database> {
  if (env.DATABASE_URL)
    return openPg(env.DATABASE_URL, {
      max: env.DB_POOL_SIZE,
      lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // A request waits for a free connection no longer than for a lock: then it gets a 503 to retry.
      connectionTimeoutMs: env.DB_LOCK_TIMEOUT_MS || 5_000,
      onConnectionError: (err) => log.warn({ err: err.message }, 'database connection lost'),
    });
  const dir = join(env.DATA_DIR, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPgliteDir(dir);
}

// dist/server/main.js → dist/client; src/server/main.ts (tsx) → dist/client as well. The same for dist/ssr.
function builtDir(name: 'client' | 'ssr'): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../dist', name);
}

async function main(): Promise<void> {
  const env = loadEnv();
  const log = pino(loggerOptions(env.LOG_LEVEL) as LoggerOptions);
  const database = await openDatabase(env, log);
  // Several processes may start at once on one database: one migrates while the others wait, then find it
  // done. The same goes for the admin account and the demo data below.
  await database.exclusively(() => database.migrate());
  const counters = await openCounters(env, database);
  const { storage, description: storageDescription } = createStorage(env);
  const events = new EventHub(database.db, log);
  await events.start(database);
  const deps: AppDeps = {
    env,
    db: database.db,
    clock: systemClock,
    storage,
    mailer: createMailer(env, database.db, log),
    sms: createSmsSender(env, log),
    limiter: new RateLimiter(counters.counters),
    events,
    chainKey: await loadChainKey(database.db, env.CHAIN_SIGNING_KEY, log),
  };
  const load = new RequestLoad();
  const renderPage = loadPageRenderer(join(builtDir('ssr'), 'server-render.js'));
  const metrics = env.METRICS_TOKEN ? new Metrics(deps.db, events) : undefined;
  const app = await buildApp(deps, {
    clientDir: builtDir('client'),
    renderPage,
    logger: log,
    load,
    apiCounters: counters.counters,
    metrics,
  });

  const seeded = await database.exclusively(async () => {
    // The demo data first: it goes only into an empty database, and the bootstrap admin made before it
    // would leave the database non-empty, so DEMO_DATA with ADMIN_EMAIL used to give the admin alone.
    const demo = env.DEMO_DATA && (await seedDemoData(deps, app.log));
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD)
      await ensureAdmin(deps.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    return demo;
  });
  if (seeded) process.stdout.write(`\n${demoLoginsText()}\n\n`);

  const worker = new JobWorker(deps.db, createJobHandlers(deps), app.log, periodicTasks(deps, app.log), {
    load,
    onJobFailed: metrics && ((type) => metrics.jobFailed(type)),
  });
  worker.start();
  if (renderPage) await warmUpRenderer(renderPage, app.log);
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { storage: storageDescription, sms: env.SMS_PROVIDER, rateLimitCounters: counters.kind },
    'image storage, SMS provider and rate-limit counters',
  );
  app.log.info(
    `Budrunde kjører på ${env.APP_URL} (${database.kind === 'pglite' ? `PGlite i ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await worker.stop();
    await app.close();
    await events.stop();
    await counters.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(`Budrunde could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
