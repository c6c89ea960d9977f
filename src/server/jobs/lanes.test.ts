import { describe, expect, it, vi } from 'vitest';
import { jobsDatabaseForThisFile } from '../../../tests/setup/jobs-database';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { jobs } from '../db/schema';
import { BID_NOTICE_DIGEST_JOB, NEW_BID_MAIL_JOB, NEW_BID_SMS_JOB } from '../features/bids/bid-notices';
import { MAIL_JOB, NOTICE_MAIL_JOB, RESET_MAIL_JOB, VERIFY_MAIL_JOB } from '../mail/mail-jobs';
import { SMS_JOB } from '../sms/sms-jobs';
import { checkLanes, DEFAULT_LANES, MAX_CONCURRENT_MAIL } from './lanes';
import { enqueueJob } from './queue';
import { type JobHandler, JobWorker } from './worker';

const jobsDatabase = jobsDatabaseForThisFile();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const laneOf = (type: string) =>
  DEFAULT_LANES.find((lane) => lane.types?.includes(type)) ?? DEFAULT_LANES.find((lane) => !lane.types);

describe('the default lanes', () => {
  it('put verification and reset mail, and SMS, each apart from the bid notifications', () => {
    expect(laneOf(VERIFY_MAIL_JOB)?.name).toBe('account-mail');
    expect(laneOf(RESET_MAIL_JOB)?.name).toBe('account-mail');
    expect(laneOf(SMS_JOB)?.name).toBe('sms');
    expect(laneOf(MAIL_JOB)?.name).toBe('default');
    expect(laneOf(NOTICE_MAIL_JOB)?.name).toBe('notices');
    expect(laneOf(BID_NOTICE_DIGEST_JOB)?.name).toBe('notices');
    expect(laneOf(NEW_BID_MAIL_JOB)?.name).toBe('notices');
    expect(laneOf(NEW_BID_SMS_JOB)?.name).toBe('sms');
    expect(laneOf('storage:delete')?.name).toBe('default');
  });

  it('keep every lane small, and the SMTP pool as large as the lanes that send mail', () => {
    expect(() => checkLanes(DEFAULT_LANES)).not.toThrow();
    expect(DEFAULT_LANES.every((lane) => lane.concurrency <= 4)).toBe(true);
    expect(MAX_CONCURRENT_MAIL).toBe(8);
  });

  it('are refused when a type would have no lane, or two', () => {
    expect(() => checkLanes([{ name: 'a', types: ['x'], concurrency: 1 }])).toThrow(/exactly one/);
    expect(() =>
      checkLanes([
        { name: 'a', types: ['x'], concurrency: 1 },
        { name: 'b', types: ['x'], concurrency: 1 },
        { name: 'rest', concurrency: 1 },
      ]),
    ).toThrow(/more than one lane/);
    expect(() => checkLanes([{ name: 'rest', concurrency: 0 }])).toThrow(/concurrency/);
  });
});

describe('running lanes', () => {
  it('runs at most a lane’s concurrency at once, and a stuck lane does not hold up another', async () => {
    let inFlight = 0;
    let most = 0;
    const stuck: JobHandler = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(800);
      inFlight--;
    };
    const texts: number[] = [];
    // Three rounds of 800 ms in front of the SMS, if it had to queue behind them.
    for (let n = 0; n < 9; n++) await enqueueJob(jobsDatabase.db, MAIL_JOB, { n });
    const worker = new JobWorker(
      jobsDatabase.db,
      { [MAIL_JOB]: stuck, [SMS_JOB]: async () => void texts.push(Date.now()) },
      silentLogger,
      [],
      {
        pollMs: 50,
        lanes: [
          { name: 'sms', types: [SMS_JOB], concurrency: 1 },
          { name: 'default', concurrency: 3 },
        ],
      },
    );
    worker.start();
    await sleep(100);
    const asked = Date.now();
    await enqueueJob(jobsDatabase.db, SMS_JOB, { to: '+4741234567', text: 'Hei' });
    await vi.waitFor(() => expect(texts).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect((texts[0] ?? 0) - asked).toBeLessThan(1000);

    await vi.waitFor(
      async () =>
        expect((await jobsDatabase.db.select().from(jobs)).every((job) => job.completedAt)).toBe(true),
      { timeout: 10_000, interval: 50 },
    );
    await worker.stop();
    expect(most).toBe(3);
  });

  it('stop() lets the running jobs finish and claims nothing more', async () => {
    const done: number[] = [];
    for (let n = 0; n < 6; n++) await enqueueJob(jobsDatabase.db, MAIL_JOB, { n });
    const worker = new JobWorker(
      jobsDatabase.db,
      {
        [MAIL_JOB]: async (payload) => {
          await sleep(200);
          done.push((payload as { n: number }).n);
        },
      },
      silentLogger,
      [],
      { pollMs: 50 },
    );
    worker.start();
    await sleep(50);
    await worker.stop();
    expect(done).toHaveLength(4);
    const rows = await jobsDatabase.db.select().from(jobs);
    expect(rows.filter((job) => job.completedAt)).toHaveLength(4);
    expect(rows.filter((job) => !job.completedAt).every((job) => job.attempts === 0)).toBe(true);
  });

  it('stop() does not wait past its grace for a job that hangs', async () => {
    await enqueueJob(jobsDatabase.db, MAIL_JOB, {});
    const worker = new JobWorker(
      jobsDatabase.db,
      { [MAIL_JOB]: () => new Promise(() => {}) },
      silentLogger,
      [],
      {
        pollMs: 50,
        stopGraceMs: 200,
      },
    );
    worker.start();
    await sleep(100);
    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
  });

  it('runDueJobs() also runs what a job queued for a lane that had already finished', async () => {
    const texts: unknown[] = [];
    await enqueueJob(jobsDatabase.db, MAIL_JOB, {});
    const worker = new JobWorker(
      jobsDatabase.db,
      {
        [MAIL_JOB]: async () => {
          await sleep(100);
          await enqueueJob(jobsDatabase.db, SMS_JOB, { text: 'Hei' });
        },
        [SMS_JOB]: async (payload) => void texts.push(payload),
      },
      silentLogger,
    );
    expect(await worker.runDueJobs()).toBe(2);
    expect(texts).toEqual([{ text: 'Hei' }]);
  });
});
