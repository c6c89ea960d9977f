import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { jobsDatabaseForThisFile } from '../../../tests/setup/jobs-database';
import { jobs } from '../db/schema';
import { deleteFinishedJobs, enqueueJob } from './queue';
import { defaultBackoff, type JobHandler, JobWorker, type WorkerOptions } from './worker';

const log = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;

const jobsDatabase = jobsDatabaseForThisFile();

const worker = (handlers: Record<string, JobHandler>, options: WorkerOptions = {}) =>
  new JobWorker(jobsDatabase.db, handlers, log, [], options);

/** A handler that records every payload it gets and fails while `failing()` says so. */
function recorder(failing: (call: number) => boolean = () => false) {
  const calls: unknown[] = [];
  const handler: JobHandler = async (payload) => {
    calls.push(payload);
    if (failing(calls.length)) throw new Error(`SMTP utilgjengelig (forsøk ${calls.length})`);
  };
  return { calls, handler };
}

async function onlyJob() {
  const rows = await jobsDatabase.db.select().from(jobs);
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error('no job row');
  return row;
}

async function makeDue(id: number) {
  await jobsDatabase.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, id));
}

describe('enqueueJob and transactions', () => {
  it('a job enqueued in a rolled-back transaction never exists and never runs', async () => {
    const mail = recorder();
    await expect(
      jobsDatabase.db.transaction(async (tx) => {
        await enqueueJob(tx, 'mail.send', { to: 'kari@example.no' });
        throw new Error('budet ble avvist');
      }),
    ).rejects.toThrow('budet ble avvist');

    expect(await jobsDatabase.db.select().from(jobs)).toEqual([]);
    expect(await worker({ 'mail.send': mail.handler }).runDueJobs()).toBe(0);
    expect(mail.calls).toEqual([]);
  });

  it('a committed job runs exactly once with its payload and is marked completed', async () => {
    const mail = recorder();
    await jobsDatabase.db.transaction(async (tx) => {
      await enqueueJob(tx, 'mail.send', { to: 'kari@example.no', bid: 4_500_000 });
    });
    const w = worker({ 'mail.send': mail.handler });

    expect(await w.runDueJobs()).toBe(1);
    expect(await w.runDueJobs()).toBe(0);
    expect(mail.calls).toEqual([{ to: 'kari@example.no', bid: 4_500_000 }]);
    const job = await onlyJob();
    expect(job).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null, failedAt: null });
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('a job whose runAt lies in the future waits until it is due', async () => {
    const reminder = recorder();
    await enqueueJob(
      jobsDatabase.db,
      'round.reminder',
      { roundId: 'r1' },
      { runAt: new Date(Date.now() + HOUR) },
    );
    const w = worker({ 'round.reminder': reminder.handler });

    expect(await w.runDueJobs()).toBe(0);
    expect(reminder.calls).toEqual([]);
    expect(await onlyJob()).toMatchObject({ attempts: 0, completedAt: null });

    await makeDue((await onlyJob()).id);
    expect(await w.runDueJobs()).toBe(1);
    expect(reminder.calls).toEqual([{ roundId: 'r1' }]);
  });
});

describe('retries', () => {
  it('a failing job is retried after the backoff and keeps the last error', async () => {
    const mail = recorder((call) => call < 3);
    const delays: number[] = [];
    await enqueueJob(jobsDatabase.db, 'mail.send', { to: 'ola@example.no' }, { maxAttempts: 5 });
    const w = worker(
      { 'mail.send': mail.handler },
      {
        backoffMs: (attempt) => {
          delays.push(attempt);
          return 0;
        },
      },
    );

    expect(await w.runDueJobs()).toBe(3);
    expect(mail.calls).toHaveLength(3);
    expect(delays).toEqual([1, 2]);
    const job = await onlyJob();
    expect(job).toMatchObject({ attempts: 3, failedAt: null, lastError: 'SMTP utilgjengelig (forsøk 2)' });
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('a failed job is not due again until its backoff has passed', async () => {
    const mail = recorder((call) => call === 1);
    await enqueueJob(jobsDatabase.db, 'mail.send', { to: 'ola@example.no' });
    const w = worker({ 'mail.send': mail.handler }, { backoffMs: () => HOUR });

    const before = Date.now();
    expect(await w.runDueJobs()).toBe(1);
    const job = await onlyJob();
    expect(job).toMatchObject({
      attempts: 1,
      lastError: 'SMTP utilgjengelig (forsøk 1)',
      completedAt: null,
      failedAt: null,
      lockedUntil: null,
    });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + HOUR - 5000);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR + 5000);

    expect(await w.runDueJobs()).toBe(0);
    expect(mail.calls).toHaveLength(1);

    await makeDue(job.id);
    expect(await w.runDueJobs()).toBe(1);
    expect(mail.calls).toHaveLength(2);
    expect((await onlyJob()).completedAt).toBeInstanceOf(Date);
  });

  it('after maxAttempts the job fails for good and never runs again', async () => {
    const mail = recorder(() => true);
    await enqueueJob(jobsDatabase.db, 'mail.send', { to: 'ola@example.no' }, { maxAttempts: 3 });
    const w = worker({ 'mail.send': mail.handler }, { backoffMs: () => 0 });

    expect(await w.runDueJobs()).toBe(3);
    const job = await onlyJob();
    expect(job).toMatchObject({
      attempts: 3,
      completedAt: null,
      lockedUntil: null,
      lastError: 'SMTP utilgjengelig (forsøk 3)',
    });
    expect(job.failedAt).toBeInstanceOf(Date);

    await makeDue(job.id);
    expect(await w.runDueJobs()).toBe(0);
    expect(mail.calls).toHaveLength(3);
  });

  it('a job of an unknown type fails after its attempts with a clear error', async () => {
    await enqueueJob(jobsDatabase.db, 'mail.sendt', { to: 'ola@example.no' }, { maxAttempts: 2 });
    const w = worker({ 'mail.send': recorder().handler }, { backoffMs: () => 0 });

    expect(await w.runDueJobs()).toBe(2);
    const job = await onlyJob();
    expect(job).toMatchObject({
      attempts: 2,
      completedAt: null,
      lastError: 'no handler for job type mail.sendt',
    });
    expect(job.failedAt).toBeInstanceOf(Date);
  });
});

describe('several workers', () => {
  it('two workers polling at once run each of 20 jobs exactly once', async () => {
    for (let n = 0; n < 20; n++) await enqueueJob(jobsDatabase.db, 'mail.send', { n });
    const runs = new Map<number, number>();
    const handler: JobHandler = async (payload) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const a = worker({ 'mail.send': handler }, { batchSize: 3 });
    const b = worker({ 'mail.send': handler }, { batchSize: 3 });

    const [ranByA, ranByB] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);

    expect(ranByA + ranByB).toBe(20);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await jobsDatabase.db.select().from(jobs);
    expect(rows.every((row) => row.completedAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe('defaultBackoff', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [10, 2_560_000],
    [11, 3_600_000],
    [30, 3_600_000],
  ])('retry %i waits %i ms', (attempt, ms) => {
    expect(defaultBackoff(attempt)).toBe(ms);
  });
});

describe('retention', () => {
  it('deletes finished jobs older than the retention period, and nothing still pending', async () => {
    await enqueueJob(jobsDatabase.db, 'old-done', {});
    await enqueueJob(jobsDatabase.db, 'old-failed', {});
    await enqueueJob(jobsDatabase.db, 'recent-done', {});
    await enqueueJob(jobsDatabase.db, 'pending', {});
    const long = new Date(Date.now() - 40 * 86_400_000);
    await jobsDatabase.db.update(jobs).set({ completedAt: long }).where(eq(jobs.type, 'old-done'));
    await jobsDatabase.db.update(jobs).set({ failedAt: long }).where(eq(jobs.type, 'old-failed'));
    await jobsDatabase.db.update(jobs).set({ completedAt: new Date() }).where(eq(jobs.type, 'recent-done'));
    expect(await deleteFinishedJobs(jobsDatabase.db, 30)).toBe(2);
    expect((await jobsDatabase.db.select().from(jobs)).map((j) => j.type).sort()).toEqual([
      'pending',
      'recent-done',
    ]);
  });
});
