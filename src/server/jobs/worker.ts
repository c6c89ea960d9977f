import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { checkLanes, DEFAULT_LANES, type JobLane, typesOfOtherLanes } from './lanes';
import { type ClaimedJob, claimDueJobs, DEFAULT_LOCK_MS } from './queue';
import { type JobHandler, runClaimedJob } from './run-job';

export type { JobContext, JobHandler } from './run-job';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export interface WorkerOptions {
  /** How often an idle lane looks for due jobs, and how soon a lane with a free slot looks again. */
  pollMs?: number;
  /** The most jobs one claim query takes; a lane never claims more than it has free slots. */
  batchSize?: number;
  /** Delay before retry n (1-based). Exponential with a cap by default. */
  backoffMs?: (attempt: number) => number;
  /** Default: account mail, SMS and the rest, each with its own concurrency (see lanes.ts). */
  lanes?: readonly JobLane[];
  /** How long a claim lasts without renewal; it is renewed every third of this while the job runs. */
  lockMs?: number;
  /** A job still running after this is given up (and retried), so a hung provider cannot pin a slot. */
  jobTimeoutMs?: number;
  /** How long stop() waits for the jobs under way. */
  stopGraceMs?: number;
  /** While it is busy, each lane runs one job at a time with a pause between: requests come first. */
  load?: { readonly busy: boolean };
  /** Told of each failed attempt, by job type (for /metrics). */
  onJobFailed?: (type: string) => void;
}

/** The pause between jobs of a lane while the process is busy answering requests. */
export const BUSY_PAUSE_MS = 100;
/** The longest pause between a lane's tries while the database is out of reach. */
export const OUTAGE_POLL_MAX_MS = 10_000;

export const defaultBackoff = (attempt: number) => Math.min(5000 * 2 ** (attempt - 1), 60 * 60 * 1000);

/** Longer than any provider's own timeouts (SMTP, SMS, storage) put together, so it only catches hangs. */
export const DEFAULT_JOB_TIMEOUT_MS = 2 * 60 * 1000;
/** Within main.ts's 10 s shutdown grace, leaving time to close the server and the database after. */
export const DEFAULT_STOP_GRACE_MS = 5_000;

/** Runs queued jobs, lane by lane with bounded concurrency, and periodic tasks, until stop() is called. */
export class JobWorker {
  private readonly lanes: readonly JobLane[];
  private timers: NodeJS.Timeout[] = [];
  private laneLoops: Promise<void>[] = [];
  private readonly naps = new Set<() => void>();
  /** Set while stop() waits: lanes claim nothing more and do not sleep. */
  private halting = false;
  private readonly outages: Outages;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly periodic: PeriodicTask[] = [],
    private readonly options: WorkerOptions = {},
  ) {
    this.lanes = options.lanes ?? DEFAULT_LANES;
    checkLanes(this.lanes);
    this.outages = new Outages(log);
  }

  start(): void {
    this.halting = false;
    this.laneLoops = this.lanes.map((lane) => this.keepLaneRunning(lane));
    for (const task of this.periodic) {
      this.timers.push(
        setInterval(() => {
          task.run().then(
            () => this.outages.end(`task ${task.name}`),
            (err) => this.failed(`task ${task.name}`, err, 'periodic task failed'),
          );
        }, task.everyMs),
      );
    }
  }

  /**
   * Claims nothing more, and waits for the jobs under way, but no longer than `stopGraceMs`: a send stuck on
   * a silent server must not eat the whole shutdown. A job cut off by the exit keeps its claim until it
   * lapses, and then runs again, with the same Message-ID.
   */
  async stop(): Promise<void> {
    this.halting = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    for (const wake of this.naps) wake();
    let grace: NodeJS.Timeout | undefined;
    const gaveUp = await Promise.race([
      Promise.all(this.laneLoops).then(() => false),
      new Promise<boolean>((resolve) => {
        grace = setTimeout(() => resolve(true), this.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(grace);
    if (gaveUp) this.log.warn('jobs still running at shutdown: they run again once their claims lapse');
    this.laneLoops = [];
  }

  /** Claims and runs every job that is due now, in all lanes at once. Returns how many ran. Tests call this. */
  async runDueJobs(): Promise<number> {
    let total = 0;
    for (;;) {
      const counts = await Promise.all(this.lanes.map((lane) => this.drainLane(lane)));
      const ran = counts.reduce((sum, n) => sum + n, 0);
      total += ran;
      // A job may have queued work for a lane that had already finished: go round until nothing is left.
      if (ran === 0) return total;
    }
  }

  private async keepLaneRunning(lane: JobLane): Promise<void> {
    const poll = this.options.pollMs ?? 1000;
    let pause = poll;
    while (!this.halting) {
      try {
        await this.drainLane(lane);
        this.outages.end(`lane ${lane.name}`);
        pause = poll;
      } catch (err) {
        // While the database is away, look again less and less often: it costs nothing to wait, and a
        // restart should not meet every process's every lane knocking at once.
        if (this.failed(`lane ${lane.name}`, err, 'job polling failed'))
          pause = Math.min(pause * 2, OUTAGE_POLL_MAX_MS);
      }
      await this.nap(pause).done;
    }
  }

  /**
   * Logs a failed poll or task. The database being out of reach is an outage, not a fault of ours: it is
   * told once as a warning when it begins and once when it ends, not as an error every second while it lasts
   * (the requests meanwhile answer 503, and /api/ready says so). Returns whether it was such an outage.
   */
  private failed(source: string, err: unknown, message: string): boolean {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ err, source }, message);
      return false;
    }
    this.outages.begin(source, err);
    return true;
  }

  /**
   * Runs the lane's due jobs, at most `concurrency` at a time, until none is due and none is running. A slot
   * that frees up is filled at once; while slots stand empty, the lane looks for new work every poll, so a
   * job enqueued meanwhile does not wait for the slow ones to finish.
   */
  private async drainLane(lane: JobLane): Promise<number> {
    const filter = lane.types ? { only: lane.types } : { except: typesOfOtherLanes(lane, this.lanes) };
    const running = new Set<Promise<void>>();
    let ran = 0;
    for (;;) {
      // Busy: one job at a time, and a pause before the next, so background work never stops entirely.
      const busy = this.options.load?.busy === true;
      if (busy && running.size === 0 && ran > 0) await this.nap(BUSY_PAUSE_MS).done;
      const free = (busy ? 1 : lane.concurrency) - running.size;
      const limit = Math.min(free, this.options.batchSize ?? free);
      let claimed: ClaimedJob[] = [];
      if (limit > 0 && !this.halting) {
        try {
          claimed = await claimDueJobs(this.db, limit, filter, this.options.lockMs ?? DEFAULT_LOCK_MS);
        } catch (err) {
          // Let the jobs under way finish (they hold claims) before giving the error to the caller.
          await Promise.allSettled(running);
          throw err;
        }
      }
      for (const job of claimed) {
        const run = this.runJob(job).finally(() => running.delete(run));
        running.add(run);
      }
      ran += claimed.length;
      if (running.size === 0) return ran;
      const slotsLeft = running.size < (busy ? 1 : lane.concurrency) && !this.halting;
      // A full claim means more may be due: fill the remaining slots before waiting.
      if (slotsLeft && claimed.length > 0 && claimed.length === limit) continue;
      if (!slotsLeft) {
        await Promise.race(running);
        continue;
      }
      const nap = this.nap();
      await Promise.race([...running, nap.done]);
      nap.cancel();
    }
  }

  private runJob(job: ClaimedJob): Promise<void> {
    return runClaimedJob(job, {
      db: this.db,
      log: this.log,
      handler: this.handlers[job.type],
      lockMs: this.options.lockMs ?? DEFAULT_LOCK_MS,
      timeoutMs: this.options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS,
      backoffMs: this.options.backoffMs ?? defaultBackoff,
      onFailed: this.options.onJobFailed,
    });
  }

  /** A sleep of one poll interval (or `ms`) that stop() cuts short. */
  private nap(ms = this.options.pollMs ?? 1000): { done: Promise<void>; cancel: () => void } {
    let cancel = () => {};
    const done = new Promise<void>((resolve) => {
      if (this.halting) return resolve();
      const timer = setTimeout(() => cancel(), ms);
      cancel = () => {
        clearTimeout(timer);
        this.naps.delete(cancel);
        resolve();
      };
      this.naps.add(cancel);
    });
    return { done, cancel: () => cancel() };
  }
}

/** Which lanes and tasks find the database out of reach now, so each outage is logged at its start and end. */
class Outages {
  private readonly since = new Map<string, number>();
  constructor(private readonly log: FastifyBaseLogger) {}

  begin(source: string, err: unknown): void {
    if (this.since.has(source)) return;
    this.since.set(source, Date.now());
    // The driver's own reason (ECONNREFUSED, the server shutting down), not the query it wraps.
    let cause = err as { message?: unknown; cause?: unknown } | undefined;
    while (cause?.cause) cause = cause.cause as typeof cause;
    const reason = String(cause?.message ?? err);
    this.log.warn({ source, reason }, 'database out of reach: background work waits and tries again');
  }

  end(source: string): void {
    const began = this.since.get(source);
    if (began === undefined) return;
    this.since.delete(source);
    this.log.info(
      { source, seconds: Math.round((Date.now() - began) / 1000) },
      'database back: background work resumes',
    );
  }
}
