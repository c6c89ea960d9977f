import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestApp } from './test-app';

/**
 * A stalled transaction somewhere else (psql, a stuck process) holding a round's row, on the test app's own
 * PostgreSQL database. Roll it back (or end the client) to let go.
 */
export async function holdRoundRow(t: TestApp, roundId: string): Promise<pg.Client> {
  const result = await t.deps.db.execute(sql`select current_database() as name`);
  const name = String((result as unknown as { rows: { name: string }[] }).rows[0]?.name);
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  const holder = new pg.Client({ connectionString: url.toString() });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select id from bid_rounds where id = $1 for update', [roundId]);
  return holder;
}
