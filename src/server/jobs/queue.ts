import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds durable work. Call it with the transaction of the event that causes the work, so that both commit
 * or neither does: a bid never exists without its notifications, and a rolled-back bid sends nothing.
 */
export async function enqueueJob(db: DbOrTx, type: string, payload: unknown, options: EnqueueOptions = {}) {
  await db.insert(jobs).values({
    type,
    payload: payload as object,
    runAt: options.runAt ?? sql`now()`,
    // With the backoff capped at an hour this is about a week of retries: an outage delays mail, never loses it.
    maxAttempts: options.maxAttempts ?? 180,
  });
}

export interface ClaimedJob {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

// A claimed job is invisible to other workers for this long; if its worker dies, it is picked up again.
const LOCK_SECONDS = 300;

/** Claims due jobs; SKIP LOCKED lets several workers (or processes) share the queue without collisions. */
export async function claimDueJobs(db: DbOrTx, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
    where id in (
      select id from jobs
      where completed_at is null and failed_at is null and run_at <= now()
        and (locked_until is null or locked_until < now())
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, type, payload, attempts, max_attempts`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  // UPDATE … RETURNING does not keep the subquery's order; run them oldest first.
  return rows
    .map((r) => ({
      id: Number(r.id),
      type: String(r.type),
      payload: r.payload,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markJobDone(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update jobs set completed_at = now(), locked_until = null where id = ${id}`);
}

/** Schedules a retry after `delayMs`, or gives up for good once the attempts are used. */
export async function markJobFailed(
  db: DbOrTx,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<void> {
  if (job.attempts >= job.maxAttempts) {
    await db.execute(
      sql`update jobs set failed_at = now(), locked_until = null, last_error = ${error} where id = ${job.id}`,
    );
    return;
  }
  await db.execute(sql`
    update jobs set run_at = now() + make_interval(secs => ${delayMs / 1000}), locked_until = null,
      last_error = ${error}
    where id = ${job.id}`);
}

/**
 * Drops mail still waiting for an address (account deletion): nothing more should reach a person who has
 * left, and their address should not linger in the queue.
 */
export async function deletePendingMailTo(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`
    delete from jobs
    where completed_at is null and type = 'mail:send' and lower(payload->'mail'->>'to') = lower(${email})`);
}

/** Retention: finished jobs (and their payloads, which hold addresses and names) are kept for a while, then go. */
export async function deleteFinishedJobs(db: DbOrTx, olderThanDays: number): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs
    where (completed_at is not null or failed_at is not null)
      and coalesce(completed_at, failed_at) < now() - make_interval(days => ${olderThanDays})
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
