import type { AppDeps } from '../deps';
import { mailJobHandlers } from '../mail/mail-jobs';
import { smsJobHandlers } from '../sms/sms-jobs';
import type { JobHandler } from './worker';

/** Every job type the worker knows, by name. */
export function createJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return { ...mailJobHandlers(deps), ...smsJobHandlers(deps) };
}
