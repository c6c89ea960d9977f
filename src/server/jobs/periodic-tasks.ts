import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { closeExpiredRounds } from '../features/bid-rounds/round-lifecycle.service';
import { forgetUnattachedProofs } from '../features/financing-proofs/financing-proofs.service';
import { deleteExpiredSessions } from '../http/session-store';
import { deleteFinishedJobs } from './queue';
import type { PeriodicTask } from './worker';

/** Rounds close by themselves within a minute of their deadline (PRODUCT.md): check twice as often. */
export const DEADLINE_SWEEP_MS = 20_000;
/** Long enough to look into a delivery problem; short enough not to keep old addresses around. */
export const FINISHED_JOB_RETENTION_DAYS = 30;

export function periodicTasks(deps: AppDeps, log: FastifyBaseLogger): PeriodicTask[] {
  return [
    {
      name: 'close-expired-rounds',
      everyMs: DEADLINE_SWEEP_MS,
      run: () => closeExpiredRounds(deps, log).then(() => {}),
    },
    {
      name: 'delete-finished-jobs',
      everyMs: 6 * 60 * 60 * 1000,
      run: () => deleteFinishedJobs(deps.db, FINISHED_JOB_RETENTION_DAYS).then(() => {}),
    },
    {
      name: 'delete-unattached-financing-proofs',
      everyMs: 60 * 60 * 1000,
      run: () => forgetUnattachedProofs(deps.db),
    },
    {
      name: 'delete-expired-sessions',
      everyMs: 60 * 60 * 1000,
      run: () => deleteExpiredSessions(deps.db, deps.clock.now()).then(() => {}),
    },
  ];
}
