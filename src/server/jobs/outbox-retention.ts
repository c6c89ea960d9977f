import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * Retention for the development outbox (decision 014). Every stored mail is a copy of a message with a
 * name, an address and often amounts or links; it is there to be read soon after it was "sent", not kept.
 */
export async function deleteOutboxMailOlderThan(db: DbOrTx, days: number): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(sql`${mailOutbox.createdAt} < now() - make_interval(days => ${days})`)
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Account deletion: the stored copies of mail to the person go with them. */
export async function deleteOutboxMailTo(db: DbOrTx, email: string): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${email})`)
    .returning({ id: mailOutbox.id });
  return rows.length;
}
