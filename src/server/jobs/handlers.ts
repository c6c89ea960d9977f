import type { AppDeps } from '../deps';
import { mailJobHandlers } from '../mail/mail-jobs';
import { smsJobHandlers } from '../sms/sms-jobs';
import { storageJobHandlers } from '../storage/storage-jobs';
import type { JobHandler } from './worker';

/** A feature's job types and their handlers. */
export type JobHandlerFactory = (deps: AppDeps) => Record<string, JobHandler>;

/**
 * The features' handlers, registered by the composition root (app.ts) when it loads: jobs/ never imports a
 * feature (decision 031). Every program that builds a worker (main.ts, the test set-ups) loads app.ts.
 */
const featureHandlers = new Set<JobHandlerFactory>();

export function registerJobHandlers(...factories: JobHandlerFactory[]): void {
  for (const factory of factories) featureHandlers.add(factory);
}

/** Every job type the worker knows, by name. */
export function createJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {
    ...mailJobHandlers(deps),
    ...smsJobHandlers(deps),
    ...storageJobHandlers(deps),
  };
  for (const factory of featureHandlers) Object.assign(handlers, factory(deps));
  return handlers;
}
