import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import type { AppDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { LocalStorage } from '../../src/server/storage/local-storage';
import { TestClock } from './test-clock';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: TestClock;
  database: Database;
  /** inject() with the same-origin header a browser would send, and an optional session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clientDir?: string | null;
  /** Called before the app is ready, e.g. to add a test-only route. */
  extend?: (app: FastifyInstance) => void;
  env?: Record<string, string>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'budrunde-test-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    APP_URL: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await createTestDatabase();
  const clock = new TestClock();
  const deps: AppDeps = { env, db: database.db, clock, storage: new LocalStorage(join(dataDir, 'objects')) };
  const app = await buildApp(deps, { logger: false, clientDir: options.clientDir ?? null });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    deps,
    clock,
    database,
    request: ({ cookie, headers, ...rest }) =>
      app.inject({ ...rest, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } }),
    close: async () => {
      await app.close();
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
