import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The database's clock. Deadlines are decided by it, inside the transaction that acts on them. */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const result = await db.execute<{ now: string | Date }>(sql`select now() as now`);
  const rows = (result as unknown as { rows: { now: string | Date }[] }).rows;
  const value = rows[0]?.now;
  if (value === undefined) throw new Error('select now() returned no row');
  return new Date(value);
}
