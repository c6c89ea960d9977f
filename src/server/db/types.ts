import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ListenHandlers } from '../events/pg-listener';
import type * as schema from './schema';

/**
 * The database's types, apart from client.ts which opens it: helpers that client.ts installs on a new
 * connection depend on these, not on client.ts, so that nothing imports client.ts back (decision 031).
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /** Calls onMessage for every NOTIFY on `channel` (after its transaction commits). Resolves to an unlisten. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process does the same: start-up work (migrations, the admin account, demo
   * data) that several processes started at once must do exactly once between them.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
