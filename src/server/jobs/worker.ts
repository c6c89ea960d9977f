import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type ClaimedJob, claimDueJobs, markJobDone, markJobFailed } from './queue';

export type JobHandler = (payload: unknown) => Promise<void>;

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export interface WorkerOptions {
  pollMs?: number;
  batchSize?: number;
  /** Delay before retry n (1-based). Exponential with a cap by default. */
  backoffMs?: (attempt: number) => number;
}

export const defaultBackoff = (attempt: number) => Math.min(5000 * 2 ** (attempt - 1), 60 * 60 * 1000);

/** Runs queued jobs and periodic tasks in this process until stop() is called. */
export class JobWorker {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly periodic: PeriodicTask[] = [],
    private readonly options: WorkerOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    const poll = () => {
      if (this.stopped) return;
      this.running = this.runDueJobs()
        .catch((err) => this.log.error({ err }, 'job polling failed'))
        .finally(() => {
          if (!this.stopped) this.timers.push(setTimeout(poll, this.options.pollMs ?? 1000));
        });
    };
    poll();
    for (const task of this.periodic) {
      this.timers.push(
        setInterval(() => {
          task.run().catch((err) => this.log.error({ err, task: task.name }, 'periodic task failed'));
        }, task.everyMs),
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }

  /** Claims and runs every job that is due now. Returns how many ran. Tests call this directly. */
  async runDueJobs(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await claimDueJobs(this.db, this.options.batchSize ?? 10);
      if (batch.length === 0) return total;
      for (const job of batch) await this.runJob(job);
      total += batch.length;
    }
  }

  private async runJob(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.type];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload);
      await markJobDone(this.db, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, 'job failed');
      await markJobFailed(this.db, job, message, (this.options.backoffMs ?? defaultBackoff)(job.attempts));
    }
  }
}
