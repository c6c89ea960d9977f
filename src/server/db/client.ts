import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenPg } from '../events/pg-listener';
import { markConnectFailures } from './connect-failures';
import { releaseOnFailedBegin } from './release-on-failed-begin';
import { retryConflicts } from './retry-conflicts';
import * as schema from './schema';
import type { Database, Db } from './types';

// The types live in types.ts so that the helpers client.ts installs (release-on-failed-begin,
// retry-conflicts) can name them without importing client.ts back; re-exported for the many callers.
export type { Database, Db, DbOrTx, Schema, Tx } from './types';

// The generated SQL lives in <root>/drizzle. The server runs both from src/ (tsx) and from a bundle in
// dist/, so look upwards for it instead of hard-coding a depth.
export function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Could not find the drizzle/ migrations folder');
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: findMigrationsFolder() }),
    // PGlite is one connection in this process: it never loses it, so there is nothing to reconnect.
    listen: (channel, handlers) => client.listen(channel, handlers.onMessage),
    // PGlite belongs to this one process: no other can start on the same data at the same time.
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}

export async function openPgliteDir(dataDir: string): Promise<Database> {
  return openPglite(await PGlite.create(dataDir));
}

export interface PgOptions {
  /** Connections in this process's pool. */
  max?: number;
  /** How long a statement may wait for a lock (a round's row, say) before it fails: 55P03. */
  lockTimeoutMs?: number;
  /** How long one statement may run: 57014. */
  statementTimeoutMs?: number;
  /** How long a transaction may sit idle, holding its locks, before the server ends it. */
  idleInTransactionTimeoutMs?: number;
  /** How long a request waits for a free connection, or for a new one, before it fails. */
  connectionTimeoutMs?: number;
  /** A connection died: idle in the pool, or checked out by a request or a transaction. */
  onConnectionError?: (error: Error) => void;
}

export function openPg(connectionString: string, options: PgOptions = {}): Database {
  const onError = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // 0 means 'no limit' to PostgreSQL; undefined leaves the server's own setting.
    lock_timeout: options.lockTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: options.connectionTimeoutMs,
  });
  // An idle connection that dies (a server restart, a dropped database) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', onError);
  // Nor may one that a request or transaction holds: without a listener of its own, a checked-out client's
  // 'error' event (57P01 on a restart) is unhandled and ends the process. With it, the query in flight fails
  // and the request gets a 503.
  pool.on('connect', (client) => client.on('error', onError));
  markConnectFailures(pool);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  releaseOnFailedBegin(pool, db);
  retryConflicts(db);
  return {
    db,
    kind: 'pg',
    migrate: () => migrateWithoutTimeouts(connectionString),
    listen: (channel, handlers) => listenPg(connectionString, channel, handlers),
    exclusively: (work) => holdingStartupLock(connectionString, work),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's session advisory lock, on a connection of its own outside the pool: the second process waits
 * here until the first has finished (or died, which ends its session and frees the lock), then finds the
 * work done. Without timeouts, like the migrations it guards.
 */
async function holdingStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('budrunde:start-up'))");
    return await work();
  } finally {
    // Ending the session frees the lock too; unlocking first hands it on without waiting for that.
    await client.query("select pg_advisory_unlock(hashtext('budrunde:start-up'))").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

// Migrations may rewrite large tables and wait for locks: on a connection of their own, without the pool's
// statement and lock timeouts, which are for requests.
async function migrateWithoutTimeouts(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: findMigrationsFolder() });
  } finally {
    await client.end();
  }
}
