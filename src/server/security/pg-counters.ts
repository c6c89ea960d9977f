import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Count, Counters } from './counters';

/**
 * Counters in PostgreSQL (the unlogged rate_limit_counters table), so that every process on the database
 * counts as one: a login throttle must not grow weaker with each process added. One statement per count,
 * on the database's clock, so processes with drifting clocks still share one window.
 */
export class PgCounters implements Counters {
  constructor(private readonly db: Db) {}

  async increment(key: string, windowMs: number): Promise<Count> {
    // The window restarts once it has passed; both branches read the old row, so they agree.
    const result = await this.db.execute(sql`
      insert into rate_limit_counters as c (key, window_started_at, window_ms, count)
      values (${key}, now(), ${windowMs}, 1)
      on conflict (key) do update set
        window_started_at = case when c.window_started_at + c.window_ms * interval '1 millisecond' <= now()
          then now() else c.window_started_at end,
        window_ms = case when c.window_started_at + c.window_ms * interval '1 millisecond' <= now()
          then excluded.window_ms else c.window_ms end,
        count = case when c.window_started_at + c.window_ms * interval '1 millisecond' <= now()
          then 1 else c.count + 1 end
      returning count,
        extract(epoch from (window_started_at + window_ms * interval '1 millisecond' - now())) * 1000
          as reset_in_ms`);
    const row = (result as unknown as { rows: { count: number | string; reset_in_ms: number | string }[] })
      .rows[0];
    return { count: Number(row?.count ?? 1), resetInMs: Math.max(0, Number(row?.reset_in_ms ?? windowMs)) };
  }

  async decrement(key: string): Promise<void> {
    await this.db.execute(sql`
      update rate_limit_counters set count = count - 1
      where key = ${key} and count > 0
        and window_started_at + window_ms * interval '1 millisecond' > now()`);
  }

  async remove(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counters where key = ${key}`);
  }
}

/** Drops the counters whose window has passed: a periodic task, so the table holds only live windows. */
export async function deleteExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`
    delete from rate_limit_counters
    where window_started_at + window_ms * interval '1 millisecond' <= now()`);
}
