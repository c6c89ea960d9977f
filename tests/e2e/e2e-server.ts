import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { desc } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { mailOutbox } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { EventHub } from '../../src/server/events/event-hub';
import { loadPageRenderer, warmUpRenderer } from '../../src/server/http/page-render';
import { createJobHandlers } from '../../src/server/jobs/handlers';
import { JobWorker } from '../../src/server/jobs/worker';
import { OutboxMailer } from '../../src/server/mail/outbox-mailer';
import { loadChainKey } from '../../src/server/security/chain-key';
import { MemoryCounters } from '../../src/server/security/counters';
import { RateLimiter } from '../../src/server/security/rate-limiter';
import { LocalStorage } from '../../src/server/storage/local-storage';
import { RecordingSms } from '../setup/recording-sms';
import { silentLogger } from '../setup/silent-logger';
import { TestClock } from '../setup/test-clock';
import { createTestDatabase } from '../setup/test-database';

export interface E2eServer {
  baseUrl: string;
  deps: AppDeps;
  /** Waits for the newest mail to `to` whose subject contains `subject`, and returns its first link. */
  linkFromMail(to: string, subject: string): Promise<string>;
  close(): Promise<void>;
}

const CLIENT_DIR = resolve('dist/client');
const SERVER_RENDER = resolve('dist/ssr/server-render.js');

/** The real server with the built client on a free port, over a fresh database. */
export async function startE2eServer(): Promise<E2eServer> {
  if (!existsSync(join(CLIENT_DIR, 'index.html')) || !existsSync(SERVER_RENDER)) {
    throw new Error('dist is missing: run `npm run build` before the browser tests (npm test does)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'budrunde-e2e-'));
  const database = await createTestDatabase();
  // APP_URL is set once the port is known; until then the CSRF check is not exercised.
  const env = parseEnv({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-123456',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'test',
  });
  const clock = new TestClock();
  const deps: AppDeps = {
    env,
    db: database.db,
    clock,
    storage: new LocalStorage(join(dataDir, 'objects')),
    mailer: new OutboxMailer(database.db, silentLogger),
    sms: new RecordingSms(),
    limiter: new RateLimiter(new MemoryCounters(clock)),
    events: new EventHub(database.db, silentLogger),
    chainKey: await loadChainKey(database.db, env.CHAIN_SIGNING_KEY),
  };
  await deps.events.start(database);
  // Pages rendered on the server, as in production (decision 024), and warmed up as main.ts does.
  const renderPage = loadPageRenderer(SERVER_RENDER);
  if (renderPage) await warmUpRenderer(renderPage, silentLogger);
  const app = await buildApp(deps, { logger: false, clientDir: CLIENT_DIR, renderPage });
  // Mail and other background work are delivered at once, as a running server's worker would.
  const worker = new JobWorker(database.db, createJobHandlers(deps), silentLogger, [], { pollMs: 100 });
  worker.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  env.APP_URL = baseUrl;
  return {
    baseUrl,
    deps,
    linkFromMail: async (to, subject) => {
      for (let i = 0; i < 100; i++) {
        const mails = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
        const mail = mails.find((m) => m.to === to && m.subject.includes(subject));
        const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail “${subject}” to ${to}`);
    },
    close: async () => {
      await worker.stop();
      await app.close();
      await deps.events.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
