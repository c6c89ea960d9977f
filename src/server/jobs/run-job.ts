import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { maskText } from '../http/logging';
import { type ClaimedJob, extendJobLock, markJobDone, markJobFailed } from './queue';

/** What a handler may know about the job it runs, besides its payload. */
export interface JobContext {
  id: number;
  type: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** When the job was enqueued. With the id it names the job even across a database that starts over. */
  createdAt: Date;
  /** Aborted when the worker gives up on the job: it timed out, or another worker has claimed it since. */
  signal: AbortSignal;
}

/** Handlers that need only the payload may ignore the second argument. */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

export interface RunJobOptions {
  db: Db;
  log: FastifyBaseLogger;
  handler: JobHandler | undefined;
  lockMs: number;
  timeoutMs: number;
  backoffMs: (attempt: number) => number;
  /** Told of each failed attempt (for /metrics). */
  onFailed?: (type: string) => void;
}

/**
 * A failure's message as the log and jobs.last_error may keep it: a database error's message repeats the
 * query's parameters (addresses, phone numbers, mail text), and a provider's may name the recipient.
 */
const messageOf = (err: unknown) =>
  maskText((err instanceof Error ? err.message : String(err)).split('\nparams:')[0] ?? '');

/**
 * Runs one claimed job and records how it ended. Never rejects: a database error while recording is logged,
 * and the claim then runs out and the job is tried again (at-least-once, decision 003).
 */
export async function runClaimedJob(job: ClaimedJob, options: RunJobOptions): Promise<void> {
  const { db, log, handler, lockMs, timeoutMs } = options;
  const controller = new AbortController();
  let finished = false;

  // The claim is renewed well before it runs out, so a slow job is never taken by a second worker while
  // this one is still on it; if this process dies, the renewals stop and the claim lapses.
  const renew = async () => {
    try {
      const kept = await extendJobLock(db, job, lockMs);
      if (!kept && !finished) {
        log.warn({ jobId: job.id, type: job.type }, 'job was claimed again or removed while it ran');
        clearInterval(heartbeat);
        controller.abort(new Error('the claim on this job was lost'));
      }
    } catch (err) {
      log.warn({ jobId: job.id, err: messageOf(err) }, 'could not renew the claim on a running job');
    }
  };
  const heartbeat = setInterval(() => void renew(), Math.max(Math.floor(lockMs / 3), 20));

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job timed out after ${timeoutMs / 1000} s`)), timeoutMs);
  });

  let failed = false;
  let failure: unknown;
  let work: Promise<unknown> | undefined;
  try {
    if (!handler) throw new Error(`no handler for job type ${job.type}`);
    const context = {
      id: job.id,
      type: job.type,
      attempt: job.attempts,
      createdAt: job.createdAt,
      signal: controller.signal,
    };
    work = Promise.resolve(handler(job.payload, context));
    // If the timeout wins, the handler's own later failure must not surface as an unhandled rejection.
    work.catch(() => {});
    await Promise.race([work, timedOut]);
  } catch (err) {
    failed = true;
    failure = err;
    if (!controller.signal.aborted) controller.abort(err);
    // A timeout may have won the race while the handler is still at work (a provider that trickles bytes):
    // hold and renew the claim until it stops, so that no worker starts the same job while this one runs.
    if (work)
      await work.then(
        () => {},
        () => {},
      );
  } finally {
    finished = true;
    clearInterval(heartbeat);
    clearTimeout(timer);
  }

  try {
    if (!failed) {
      if (!(await markJobDone(db, job)))
        log.warn({ jobId: job.id }, 'job finished after its claim was lost or it was removed');
      return;
    }
    const message = messageOf(failure);
    log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, 'job failed');
    options.onFailed?.(job.type);
    await markJobFailed(db, job, message, options.backoffMs(job.attempts));
  } catch (err) {
    log.error({ jobId: job.id, err: messageOf(err) }, 'could not record how a job ended');
  }
}
