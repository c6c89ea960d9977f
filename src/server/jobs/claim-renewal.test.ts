import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobsDatabaseForThisFile } from '../../../tests/setup/jobs-database';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { jobs } from '../db/schema';
import { enqueueJob } from './queue';
import { type JobContext, type JobHandler, JobWorker, type WorkerOptions } from './worker';

const jobsDatabase = jobsDatabaseForThisFile();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const worker = (handlers: Record<string, JobHandler>, options: WorkerOptions = {}) =>
  new JobWorker(jobsDatabase.db, handlers, silentLogger, [], { backoffMs: () => 0, ...options });

async function onlyJob() {
  const [row, ...rest] = await jobsDatabase.db.select().from(jobs);
  expect(rest).toEqual([]);
  if (!row) throw new Error('no job row');
  return row;
}

describe('the claim on a running job', () => {
  it('a job that runs three times longer than its claim is run once, with a second worker polling all along', async () => {
    // The claim is renewed every third of it, so only a stall of two thirds (here 800 ms; 40 s in
    // production) could let it lapse: the margin keeps this test steady on a busy machine.
    const LOCK_MS = 1200;
    let runs = 0;
    const slow: JobHandler = async () => {
      runs++;
      await sleep(3 * LOCK_MS);
    };
    await enqueueJob(jobsDatabase.db, 'mail:send', { to: 'kari@example.no' });
    const a = worker({ 'mail:send': slow }, { lockMs: LOCK_MS });
    const b = worker({ 'mail:send': slow }, { lockMs: LOCK_MS, pollMs: 50 });

    const ranByA = a.runDueJobs();
    // B starts once A is running the job (on a busy machine A's claim may take longer than any fixed wait).
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 5000, interval: 10 });
    const claimedAt = (await onlyJob()).lockedUntil?.getTime() ?? 0;
    expect(claimedAt).toBeGreaterThan(0);
    b.start();
    await sleep(2 * LOCK_MS);
    // Well past the first claim's end, the claim has been pushed forward, so B still cannot take it.
    expect((await onlyJob()).lockedUntil?.getTime()).toBeGreaterThan(claimedAt + LOCK_MS / 2);
    expect(await ranByA).toBe(1);
    await sleep(LOCK_MS);
    await b.stop();

    expect(runs).toBe(1);
    const job = await onlyJob();
    expect(job).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('a worker that lost its claim is told so, and neither completes nor unlocks the job it no longer owns', async () => {
    let seen: JobContext | undefined;
    let release = () => {};
    const held: JobHandler = async (_payload, job) => {
      seen = job;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    await enqueueJob(jobsDatabase.db, 'mail:send', { to: 'kari@example.no' });
    const a = worker({ 'mail:send': held }, { lockMs: 300 });
    const ranByA = a.runDueJobs();
    await sleep(50);
    // What another process does once A's claim has run out (A stalled, say): it claims the job anew.
    await jobsDatabase.db.execute(
      sql`update jobs set attempts = attempts + 1, locked_until = now() + interval '1 hour'`,
    );
    await vi.waitFor(() => expect(seen?.signal.aborted).toBe(true), { timeout: 3000, interval: 20 });
    release();
    expect(await ranByA).toBe(1);

    const job = await onlyJob();
    expect(job).toMatchObject({ attempts: 2, completedAt: null, failedAt: null });
    expect(job.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('a job that hangs is given up after its timeout, frees its slot, and is tried again', async () => {
    let calls = 0;
    const hangsOnce: JobHandler = async (_payload, job) => {
      calls++;
      if (calls === 1) await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
    };
    await enqueueJob(jobsDatabase.db, 'sms:send', { to: '+4741234567', text: 'Hei' }, { maxAttempts: 3 });
    const started = Date.now();
    expect(await worker({ 'sms:send': hangsOnce }, { jobTimeoutMs: 300 }).runDueJobs()).toBe(2);
    expect(Date.now() - started).toBeLessThan(3000);
    const job = await onlyJob();
    expect(job).toMatchObject({ attempts: 2, lastError: 'job timed out after 0.3 s' });
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('each claim carries the job’s id, attempt and enqueue time to the handler', async () => {
    const contexts: Omit<JobContext, 'signal'>[] = [];
    const failsOnce: JobHandler = async (_payload, { signal: _signal, ...job }) => {
      contexts.push(job);
      if (contexts.length === 1) throw new Error('451 prøv igjen');
    };
    await enqueueJob(jobsDatabase.db, 'mail:send', {});
    const { id, createdAt } = await onlyJob();
    expect(await worker({ 'mail:send': failsOnce }).runDueJobs()).toBe(2);
    expect(contexts).toEqual([
      { id, type: 'mail:send', attempt: 1, createdAt },
      { id, type: 'mail:send', attempt: 2, createdAt },
    ]);
    expect((await jobsDatabase.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.completedAt).toBeInstanceOf(
      Date,
    );
  });

  it('a job whose handler outlasts the job timeout keeps its claim until the handler stops: never two runs at once', async () => {
    const LOCK_MS = 600;
    let inFlight = 0;
    let maxInFlight = 0;
    let runs = 0;
    const trickling: JobHandler = async () => {
      runs++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(2000);
      inFlight--;
    };
    await enqueueJob(jobsDatabase.db, 'mail:send', { to: 'kari@example.no' });
    // A retry that is due long before the handler stops: only a claim held until then keeps B out.
    const options = { lockMs: LOCK_MS, jobTimeoutMs: 200, backoffMs: () => 300 };
    const a = worker({ 'mail:send': trickling }, options);
    const b = worker({ 'mail:send': trickling }, { ...options, pollMs: 50 });
    const ranByA = a.runDueJobs();
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 5000, interval: 10 });
    b.start();
    await ranByA;
    await sleep(500);
    await b.stop();
    // A gave up at 200 ms but held the job until its handler stopped; only then could B try it again.
    expect(maxInFlight).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect((await onlyJob()).lastError).toMatch(/timed out/);
  });
});
