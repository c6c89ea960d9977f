import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';

export const SMS_JOB = 'sms:send';

export interface SmsPayload {
  to: string;
  text: string;
  /** The round the message is about, if any: its deletion drops the message if it has not gone yet. */
  roundId?: string;
}

/** Queues a text message in the caller's transaction; the worker delivers it with retries. */
export function enqueueSms(db: DbOrTx, to: string, text: string): Promise<void> {
  return enqueueJob(db, SMS_JOB, { to, text } satisfies SmsPayload);
}

export function smsJobHandlers({ sms }: Pick<AppDeps, 'sms'>): Record<string, JobHandler> {
  return {
    [SMS_JOB]: async (payload) => {
      const { to, text } = payload as SmsPayload;
      await sms.send(to, text);
    },
  };
}
