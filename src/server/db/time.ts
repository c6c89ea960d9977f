import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The database's clock, read at the moment of the call. Deadlines are decided by it inside the transaction
 * that acts on them, after the lock is taken: `now()` would be the transaction's start, which can be before
 * a deadline that passed while the transaction waited for the lock.
 */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const result = await db.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
  const rows = (result as unknown as { rows: { now: string | Date }[] }).rows;
  const value = rows[0]?.now;
  if (value === undefined) throw new Error('select now() returned no row');
  return new Date(value);
}
