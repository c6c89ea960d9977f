import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryConflicts } from './retry-conflicts';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

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
    close: () => client.close(),
  };
}

export async function openPgliteDir(dataDir: string): Promise<Database> {
  return openPglite(await PGlite.create(dataDir));
}

export function openPg(
  connectionString: string,
  max = 10,
  onIdleError: (error: Error) => void = () => {},
): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that dies (a server restart, a dropped database) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', onIdleError);
  const db = retryConflicts(drizzlePg({ client: pool, schema }) as unknown as Db);
  return {
    db,
    kind: 'pg',
    migrate: () => migratePg(db as never, { migrationsFolder: findMigrationsFolder() }),
    close: () => pool.end(),
  };
}
