import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { TestClock } from '../../../tests/setup/test-clock';
import { buildApp } from '../app';
import { type Database, openPg } from '../db/client';
import { parseEnv } from '../env';
import { EventHub } from '../events/event-hub';
import { OutboxMailer } from '../mail/outbox-mailer';
import { chainKeyOf } from '../security/chain-key';
import { MemoryCounters } from '../security/counters';
import { RateLimiter } from '../security/rate-limiter';
import { LogSmsSender } from '../sms/sms-sender';
import { LocalStorage } from '../storage/local-storage';
import { sessionCookieName } from './session';

// A PostgreSQL that is not there at all: nothing listens on port 1.
const NOWHERE = 'postgres://postgres@127.0.0.1:1/budrunde';
const SECRET = 'test-secret-test-secret-test-secret-1234';

let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'budrunde-down-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    DATABASE_URL: NOWHERE,
    LOG_LEVEL: 'silent',
  });
  database = openPg(NOWHERE, { max: 2, connectionTimeoutMs: 1000 });
  const clock = new TestClock();
  app = await buildApp(
    {
      env,
      db: database.db,
      clock,
      storage: new LocalStorage(join(dataDir, 'objects')),
      mailer: new OutboxMailer(database.db, silentLogger),
      sms: new LogSmsSender(silentLogger),
      limiter: new RateLimiter(new MemoryCounters(clock)),
      // Not started: there is no database to listen to.
      events: new EventHub(database.db, silentLogger),
      chainKey: chainKeyOf(database.db, generateKeyPairSync('ed25519').privateKey, 'environment'),
    },
    { logger: silentLogger },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A well-signed session cookie, as a signed-in browser would send: the server must look it up.
const sessionCookie = () =>
  `${sessionCookieName(false)}=${encodeURIComponent(sign('some-session-id', SECRET))}`;

describe('while the database is down', () => {
  it('liveness still answers 200, and readiness 503', async () => {
    const health = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: sessionCookie() },
    });
    expect(health.statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ database: 'unavailable' });
  });

  it('an API call from a signed-in browser gets 503 with a Norwegian message and Retry-After, not 500', async () => {
    for (const url of ['/api/auth/user', '/api/bid-rounds/active']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: sessionCookie() } });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ message: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.' });
      expect(res.headers['retry-after']).toBe('2');
    }
  });

  it('a page request with a session cookie does not touch the database', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/budrunder/abc',
      headers: { cookie: sessionCookie() },
    });
    // No client build in this test: the page fallback answers 404, but not 500 or 503.
    expect(res.statusCode).toBe(404);
  });
});
