import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { deleteExpiredSessions } from '../http/session-store';
import { deleteExpiredCounters } from '../security/pg-counters';
import { deleteOutboxMailOlderThan } from './outbox-retention';
import { deleteFinishedJobs, scrubFinishedJobPayloads } from './queue';
import type { PeriodicTask } from './worker';

/** Rounds close by themselves within a minute of their deadline (PRODUCT.md): check twice as often. */
export const DEADLINE_SWEEP_MS = 20_000;
/** Long enough to look into a delivery problem (the row, with its payload scrubbed); then the row goes too. */
export const FINISHED_JOB_RETENTION_DAYS = 30;
/** A finished job's payload holds addresses, numbers and texts; a week covers a complaint about a mail. */
export const JOB_PAYLOAD_RETENTION_DAYS = 7;
/** The development outbox is read within minutes; a month covers a tester coming back to it. */
export const OUTBOX_RETENTION_DAYS = 30;
/** See deleteOldResetRequests and decision 014. */
export const RESET_REQUEST_RETENTION = { completedDays: 90, openDays: 30 } as const;
// Hourly rather than daily: the first run comes one interval after start, and a server that is restarted
// more often than the interval would otherwise never get to it.
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** A feature's periodic tasks. */
export type PeriodicTaskFactory = (deps: AppDeps, log: FastifyBaseLogger) => PeriodicTask[];

/**
 * The features' tasks (closing rounds, their own retention), registered by the composition root (app.ts)
 * when it loads: jobs/ never imports a feature (decision 031).
 */
const featureTasks = new Set<PeriodicTaskFactory>();

export function registerPeriodicTasks(...factories: PeriodicTaskFactory[]): void {
  for (const factory of factories) featureTasks.add(factory);
}

/** A retention task that says what it removed, so an operator can see that retention runs. */
export function retentionTask(
  log: FastifyBaseLogger,
  name: string,
  remove: () => Promise<number>,
): PeriodicTask {
  return {
    name,
    everyMs: RETENTION_EVERY_MS,
    run: async () => {
      const count = await remove();
      if (count > 0) log.info({ task: name, count }, 'retention: old personal data removed');
    },
  };
}

export function periodicTasks(deps: AppDeps, log: FastifyBaseLogger): PeriodicTask[] {
  const retention = (name: string, remove: () => Promise<number>) => retentionTask(log, name, remove);
  return [
    ...[...featureTasks].flatMap((factory) => factory(deps, log)),
    {
      name: 'delete-expired-rate-limit-counters',
      everyMs: 5 * 60 * 1000,
      run: () => deleteExpiredCounters(deps.db),
    },
    {
      name: 'delete-finished-jobs',
      everyMs: 6 * 60 * 60 * 1000,
      run: () => deleteFinishedJobs(deps.db, FINISHED_JOB_RETENTION_DAYS).then(() => {}),
    },
    retention('scrub-finished-job-payloads', () =>
      scrubFinishedJobPayloads(deps.db, JOB_PAYLOAD_RETENTION_DAYS),
    ),
    retention('delete-old-outbox-mail', () => deleteOutboxMailOlderThan(deps.db, OUTBOX_RETENTION_DAYS)),
    {
      name: 'delete-expired-sessions',
      everyMs: 60 * 60 * 1000,
      run: () => deleteExpiredSessions(deps.db, deps.clock.now()).then(() => {}),
    },
  ];
}
