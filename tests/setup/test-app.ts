import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Database, PgOptions } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { EventHub, type EventHubOptions } from '../../src/server/events/event-hub';
import { BID_PLACED_JOB } from '../../src/server/features/bids/bid-notifications';
import type { RenderPage } from '../../src/server/http/page-render';
import { createJobHandlers } from '../../src/server/jobs/handlers';
import { claimDueJobs, markJobDone } from '../../src/server/jobs/queue';
import { JobWorker } from '../../src/server/jobs/worker';
import type { Mail, MailAttachment, Mailer } from '../../src/server/mail/mailer';
import { OutboxMailer } from '../../src/server/mail/outbox-mailer';
import { loadChainKey } from '../../src/server/security/chain-key';
import { type Counters, MemoryCounters } from '../../src/server/security/counters';
import { RateLimiter } from '../../src/server/security/rate-limiter';
import { LocalStorage } from '../../src/server/storage/local-storage';
import { RecordingSms } from './recording-sms';
import { silentLogger } from './silent-logger';
import { TestClock } from './test-clock';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: TestClock;
  database: Database;
  /** Every SMS the app sent (through the job worker), oldest first. */
  sms: RecordingSms;
  /** inject() with the same-origin header a browser would send, and an optional session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Runs every due background job now (mail delivery and the like). */
  runJobs(): Promise<number>;
  /** Runs only the bids' fan-out jobs: their messages are queued, not yet sent. */
  fanOutBids(): Promise<void>;
  /** Mails delivered to the development outbox, oldest first, optionally only to one address. */
  mails(to?: string): Promise<Mail[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clientDir?: string | null;
  /** Renders pages on the server (decision 024); default none. */
  renderPage?: RenderPage | null;
  /** Called before the app is ready, e.g. to add a test-only route. */
  extend?: (app: FastifyInstance) => void;
  env?: Record<string, string>;
  /** Default: the development outbox, read back with mails(). */
  mailer?: Mailer;
  /** Heartbeat and retry timing of the live streams. */
  events?: EventHubOptions;
  /** Pool size and timeouts of the PostgreSQL pool (api-pg and faults only). */
  pg?: PgOptions;
  /** Where every rate limit counts, the general API limit included; default in memory on the test clock. */
  counters?: () => Counters;
  /** A migrated database of the test's own (a server it may stop), instead of a fresh test database. */
  database?: Database;
  /** The app's logger, for a test that reads what was logged; default none. */
  logger?: FastifyBaseLogger;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'budrunde-test-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    APP_URL: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    LOG_LEVEL: 'silent',
    // Argon2id at a test cost (decision 049); the production cost has its own test in passwords.test.ts.
    PASSWORD_HASH_COST: 'test',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase(options.pg));
  const clock = new TestClock();
  const counters = options.counters?.() ?? new MemoryCounters(clock);
  const sms = new RecordingSms();
  const deps: AppDeps = {
    env,
    db: database.db,
    clock,
    storage: new LocalStorage(join(dataDir, 'objects')),
    mailer: options.mailer ?? new OutboxMailer(database.db, silentLogger),
    sms,
    limiter: new RateLimiter(counters),
    events: new EventHub(database.db, silentLogger, options.events),
    chainKey: await loadChainKey(database.db, env.CHAIN_SIGNING_KEY),
  };
  await deps.events.start(database);
  const worker = new JobWorker(database.db, createJobHandlers(deps), silentLogger, [], {
    backoffMs: () => 0,
  });
  const app = await buildApp(deps, {
    logger: options.logger ?? false,
    clientDir: options.clientDir ?? null,
    renderPage: options.renderPage ?? null,
    extendApi: options.extend,
    ...(options.counters ? { apiCounters: counters } : {}),
  });

  await app.ready();
  return {
    app,
    deps,
    clock,
    database,
    sms,
    request: ({ cookie, headers, ...rest }) =>
      app.inject({ ...rest, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } }),
    runJobs: () => worker.runDueJobs(),
    fanOutBids: async () => {
      const handlers = createJobHandlers(deps);
      for (const job of await claimDueJobs(database.db, 100, { only: [BID_PLACED_JOB] })) {
        const context = { ...job, attempt: job.attempts, signal: new AbortController().signal };
        await handlers[job.type]?.(job.payload, context);
        await markJobDone(database.db, job);
      }
    },
    mails: async (to) => {
      const rows = await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
      return rows
        .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase())
        .map(({ attachments, ...m }) => ({
          ...m,
          ...(attachments ? { attachments: attachments as MailAttachment[] } : {}),
        }));
    },
    close: async () => {
      await app.close();
      await deps.events.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` part of a Set-Cookie header, for sending it back. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie header in the response');
  return header.split(';')[0] ?? '';
}
