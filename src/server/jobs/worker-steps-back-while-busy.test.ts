import { describe, expect, it, vi } from 'vitest';
import { jobsDatabaseForThisFile } from '../../../tests/setup/jobs-database';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { jobs } from '../db/schema';
import { MAIL_JOB } from '../mail/mail-jobs';
import { enqueueJob } from './queue';
import { BUSY_PAUSE_MS, type JobHandler, JobWorker } from './worker';

const jobsDatabase = jobsDatabaseForThisFile();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const allDone = async () => (await jobsDatabase.db.select().from(jobs)).every((job) => job.completedAt);

describe('the job worker while requests are waiting', () => {
  it('runs one job at a time with a pause between, and its full concurrency again once the load passes', async () => {
    const load = { busy: true };
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    const handler: JobHandler = async () => {
      starts.push(Date.now());
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(20);
      inFlight--;
    };
    for (let n = 0; n < 4; n++) await enqueueJob(jobsDatabase.db, MAIL_JOB, { n });
    const worker = new JobWorker(jobsDatabase.db, { [MAIL_JOB]: handler }, silentLogger, [], {
      pollMs: 20,
      lanes: [{ name: 'default', concurrency: 4 }],
      load,
    });
    worker.start();
    try {
      await vi.waitFor(async () => expect(await allDone()).toBe(true), { timeout: 5000, interval: 20 });
      expect(most).toBe(1);
      const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
      // Each job takes 20 ms; the pause comes on top.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(BUSY_PAUSE_MS);

      load.busy = false;
      most = 0;
      for (let n = 0; n < 8; n++) await enqueueJob(jobsDatabase.db, MAIL_JOB, { n });
      await vi.waitFor(async () => expect(await allDone()).toBe(true), { timeout: 5000, interval: 20 });
      expect(most).toBe(4);
    } finally {
      await worker.stop();
    }
  });
});
