import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

// With the backoff capped at an hour this is about a week of retries: an outage delays mail, never loses it.
export const DEFAULT_MAX_ATTEMPTS = 180;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds durable work. Call it with the transaction of the event that causes the work, so that both commit
 * or neither does: a bid never exists without its notifications, and a rolled-back bid sends nothing.
 */
export async function enqueueJob(db: DbOrTx, type: string, payload: unknown, options: EnqueueOptions = {}) {
  await jobInsert(db, type, payload, options);
}

/** Many jobs in one statement: a bid's messages to every follower of a busy round. */
export async function enqueueJobs(db: DbOrTx, list: { type: string; payload: unknown }[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(jobs).values(
    list.map(({ type, payload }) => ({
      type,
      payload: payload as object,
      runAt: sql`now()`,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
    })),
  );
}

function jobInsert(db: DbOrTx, type: string, payload: unknown, options: EnqueueOptions = {}) {
  return db.insert(jobs).values({
    type,
    payload: payload as object,
    runAt: options.runAt ?? sql`now()`,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
}

export interface ClaimedJob {
  id: number;
  type: string;
  payload: unknown;
  /** Counts this claim too. It is also the claim's fencing token: a later claim of the same job raises it. */
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
}

/** Which job types a claim may take: only these, or all but these. */
export interface ClaimFilter {
  only?: readonly string[];
  except?: readonly string[];
}

/**
 * A claimed job is invisible to other workers for this long, and the worker renews it while the job runs
 * (extendJobLock). Short, so that the jobs of a process that died are picked up again within a minute.
 */
export const DEFAULT_LOCK_MS = 60_000;

/** A list of values for `in (…)`: job types, or the ids a payload may name. */
const valueList = (types: readonly string[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

function typeCondition(filter: ClaimFilter) {
  if (filter.only)
    return filter.only.length > 0 ? sql`and type in (${valueList(filter.only)})` : sql`and false`;
  if (filter.except && filter.except.length > 0) return sql`and type not in (${valueList(filter.except)})`;
  return sql``;
}

/** Claims due jobs; SKIP LOCKED lets several workers (or processes) share the queue without collisions. */
export async function claimDueJobs(
  db: DbOrTx,
  limit: number,
  filter: ClaimFilter = {},
  lockMs: number = DEFAULT_LOCK_MS,
): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${lockMs / 1000})
    where id in (
      select id from jobs
      where completed_at is null and failed_at is null and run_at <= now()
        and (locked_until is null or locked_until < now())
        ${typeCondition(filter)}
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, type, payload, attempts, max_attempts, created_at`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  // UPDATE … RETURNING does not keep the subquery's order; run them oldest first.
  return rows
    .map((r) => ({
      id: Number(r.id),
      type: String(r.type),
      payload: r.payload,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      createdAt: new Date(r.created_at as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
}

type Claim = Pick<ClaimedJob, 'id' | 'attempts'>;

/** Whether an update touched a row: false when the claim was lost to a later one. */
const touched = (result: unknown) => (result as { rows: unknown[] }).rows.length > 0;

/**
 * The heartbeat: keeps the claim while the job still runs. Only this claim's row (same attempts) is
 * extended; false means another worker has claimed the job since, and this one should let go of it.
 */
export async function extendJobLock(db: DbOrTx, job: Claim, lockMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set locked_until = now() + make_interval(secs => ${lockMs / 1000})
    where id = ${job.id} and attempts = ${job.attempts} and completed_at is null and failed_at is null
    returning id`);
  return touched(result);
}

/** Returns false if a later claim owns the job by now; that worker decides how it ends. */
export async function markJobDone(db: DbOrTx, job: Claim): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set completed_at = now(), locked_until = null
    where id = ${job.id} and attempts = ${job.attempts}
    returning id`);
  return touched(result);
}

/**
 * Schedules a retry after `delayMs`, or gives up for good once the attempts are used. Fenced like
 * markJobDone: unlocking a job that another worker is running would let a third one start it.
 */
export async function markJobFailed(
  db: DbOrTx,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<boolean> {
  if (job.attempts >= job.maxAttempts) {
    const result = await db.execute(sql`
      update jobs set failed_at = now(), locked_until = null, last_error = ${error}
      where id = ${job.id} and attempts = ${job.attempts}
      returning id`);
    return touched(result);
  }
  const result = await db.execute(sql`
    update jobs set run_at = now() + make_interval(secs => ${delayMs / 1000}), locked_until = null,
      last_error = ${error}
    where id = ${job.id} and attempts = ${job.attempts}
    returning id`);
  return touched(result);
}

/**
 * Drops mail still waiting for an address (account deletion): nothing more should reach a person who has
 * left, and their address should not linger in the queue.
 */
export async function deletePendingMailTo(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`
    delete from jobs
    where completed_at is null and type in ('mail:send', 'mail:notice')
      and lower(payload->'mail'->>'to') = lower(${email})`);
}

/**
 * Drops the jobs still waiting whose payload names one of `ids` under `key` (`{ roundId }`, `{ bidId }` …):
 * the messages and timers of a round an administrator deleted (decision 042). The feature that queues a job
 * knows its payload's keys; the queue only matches them. Returns how many went.
 */
export async function deletePendingJobsNaming(
  db: DbOrTx,
  key: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.execute(sql`
    delete from jobs
    where completed_at is null and failed_at is null and payload->>${key} in (${valueList(ids)})
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
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

/** Whom a deleted account's jobs could reach: its address, its phone number, and its id (token mails). */
export interface JobRecipient {
  userId: string;
  email: string;
  phone: string | null;
}

/**
 * Account deletion: every job that reaches or names the person goes, pending or finished. Pending ones
 * would reach someone who has left; finished ones would keep their address, number and texts for the whole
 * retention period. Mail jobs carry `{ mail: { to } }`, SMS jobs `{ to, text }`, token mails `{ userId }`.
 * Numbers are compared by their digits, as the same number may be written with or without spaces; a `to`
 * with an '@' is an address, never a number.
 */
export async function deleteJobsAddressedTo(db: DbOrTx, person: JobRecipient): Promise<number> {
  const digits = person.phone?.replace(/\D/g, '') ?? '';
  const byPhone = digits
    ? sql`or (position('@' in payload->>'to') = 0
          and regexp_replace(payload->>'to', '[^0-9]', '', 'g') = ${digits})`
    : sql``;
  const result = await db.execute(sql`
    delete from jobs
    where lower(payload->'mail'->>'to') = lower(${person.email})
      or lower(payload->>'to') = lower(${person.email})
      or payload->>'userId' = ${person.userId}
      ${byPhone}
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** What a finished job's payload becomes once its retention has run out (decision 014). */
export const SCRUBBED_PAYLOAD = { scrubbed: true } as const;

/**
 * Retention: a finished job's payload (addresses, numbers, names, texts) is replaced after `olderThanDays`.
 * The row stays until deleteFinishedJobs takes it, so type, attempts, times and error remain for looking
 * into a delivery problem; addresses and numbers that a provider echoed into the error are masked.
 */
export async function scrubFinishedJobPayloads(db: DbOrTx, olderThanDays: number): Promise<number> {
  const result = await db.execute(sql`
    update jobs set
      payload = ${JSON.stringify(SCRUBBED_PAYLOAD)}::jsonb,
      last_error = regexp_replace(
        regexp_replace(last_error, '[^[:space:]<>"@]+@[^[:space:]<>"@]+', '[e-post]', 'g'),
        '[+]?[0-9][0-9 ]{6,}[0-9]', '[telefon]', 'g')
    where (completed_at is not null or failed_at is not null)
      and coalesce(completed_at, failed_at) < now() - make_interval(days => ${olderThanDays})
      and payload <> ${JSON.stringify(SCRUBBED_PAYLOAD)}::jsonb
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Jobs waiting or under way, and jobs that gave up, by type: for /metrics. */
export async function countJobsByState(
  db: DbOrTx,
): Promise<{ type: string; state: 'pending' | 'failed'; count: number }[]> {
  const result = await db.execute(sql`
    select type, case when failed_at is null then 'pending' else 'failed' end as state, count(*)::int as count
    from ${jobs} where completed_at is null group by 1, 2`);
  return (result as unknown as { rows: { type: string; state: 'pending' | 'failed'; count: number }[] }).rows;
}
