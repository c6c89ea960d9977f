import { generateKeyPairSync } from 'node:crypto';
// Writes the API's OpenAPI document to dist/openapi.json (npm run build), so that an integrator can generate
// a typed client from a file instead of a running server (README: "Typet klient for integratorer").
// The document comes from the routes' own schemas, as /api/openapi.json serves it: the app is built on an
// empty in-memory database that is never queried, and closed again without listening.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { openPglite } from '../src/server/db/client';
import type { AppDeps } from '../src/server/deps';
import { parseEnv } from '../src/server/env';
import { EventHub } from '../src/server/events/event-hub';
import { OutboxMailer } from '../src/server/mail/outbox-mailer';
import { chainKeyOf } from '../src/server/security/chain-key';
import { MemoryCounters } from '../src/server/security/counters';
import { RateLimiter } from '../src/server/security/rate-limiter';
import { LogSmsSender } from '../src/server/sms/sms-sender';
import { LocalStorage } from '../src/server/storage/local-storage';

async function openApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'budrunde-openapi-'));
  const database = openPglite(await PGlite.create());
  const log = pino({ level: 'silent' });
  try {
    // Only the document's server address is taken from the environment; nothing else changes the document.
    const env = parseEnv({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'openapi-document-only-openapi-document-only',
      LOG_LEVEL: 'silent',
      ...(process.env.APP_URL ? { APP_URL: process.env.APP_URL } : {}),
    });
    const app = await buildApp(
      {
        env,
        db: database.db,
        clock: systemClock,
        storage: new LocalStorage(join(dataDir, 'objects')),
        mailer: new OutboxMailer(database.db, log),
        sms: new LogSmsSender(log),
        limiter: new RateLimiter(new MemoryCounters(systemClock)),
        events: new EventHub(database.db, log),
        chainKey: chainKeyOf(database.db, generateKeyPairSync('ed25519').privateKey, 'environment'),
      } satisfies AppDeps,
      { logger: false },
    );
    await app.ready();
    const document = app.swagger();
    await app.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const out = resolve(process.argv[2] ?? 'dist/openapi.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
process.stdout.write(`OpenAPI document written to ${out}\n`);
