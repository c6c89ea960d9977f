import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { enqueueJob } from '../jobs/queue';
import type { JobContext, JobHandler } from '../jobs/worker';
import { type AttachmentRequest, makeAttachments } from './mail-attachments';
import type { Mail } from './mailer';

export const MAIL_JOB = 'mail:send';
/**
 * The same delivery as MAIL_JOB, for the owner's and followers' notices about a round (decision 028): a lane
 * of their own, so that a window's digest is not queued behind the thousands of receipts of a bid storm.
 */
export const NOTICE_MAIL_JOB = 'mail:notice';
export const VERIFY_MAIL_JOB = 'mail:verify-email';
export const RESET_MAIL_JOB = 'mail:password-reset';

/**
 * What a queued message is about, beside its payload: a mail about a round names it, so that the round's
 * deletion can drop what has not gone yet (decision 042).
 */
export interface MessageSubject {
  roundId: string;
}

/**
 * Queues a finished mail in the caller's transaction. Never for mails carrying a secret. `attach` names the
 * attachments made as it goes out (mail-attachments.ts).
 */
export function enqueueMail(
  db: DbOrTx,
  mail: Mail,
  about?: MessageSubject,
  attach?: AttachmentRequest[],
): Promise<void> {
  return enqueueJob(db, MAIL_JOB, { mail, ...about, ...(attach?.length ? { attach } : {}) });
}

/** Queues a verification or reset link. The token is made when the mail goes out, so no plain token is ever stored. */
export function enqueueTokenMail(db: DbOrTx, kind: 'verify' | 'reset', userId: string): Promise<void> {
  return enqueueJob(db, kind === 'verify' ? VERIFY_MAIL_JOB : RESET_MAIL_JOB, { userId });
}

/**
 * The Message-ID of the mail a job sends: `<job-{id}.{enqueued, ms}@{APP_URL host}>`. The same on every run
 * of the job, so a copy sent again after a crash is recognisably the same message. The enqueue time keeps
 * it unique when a fresh database numbers its jobs from 1 again: a receiver that drops repeats by
 * Message-ID must never drop a different mail. `perAttempt` is for mails whose content differs on each run.
 */
export function jobMessageId(
  job: Pick<JobContext, 'id' | 'createdAt' | 'attempt'>,
  appUrl: string,
  perAttempt = false,
) {
  const run = perAttempt ? `.${job.attempt}` : '';
  return `<job-${job.id}.${job.createdAt.getTime()}${run}@${new URL(appUrl).hostname}>`;
}

export function mailJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  const { mailer, env } = deps;
  // The link mails (VERIFY_MAIL_JOB, RESET_MAIL_JOB) read and write accounts: the auth feature handles them
  // (features/auth/token-mail-jobs.ts), registered from app.ts, as mail/ never imports a feature.
  return {
    [MAIL_JOB]: async (payload, job) => {
      const { mail, attach } = payload as { mail: Mail; attach?: AttachmentRequest[] };
      const made = attach ? await makeAttachments(deps, attach) : [];
      const attachments = [...(mail.attachments ?? []), ...made];
      await mailer.send({
        ...mail,
        ...(attachments.length ? { attachments } : {}),
        messageId: jobMessageId(job, env.APP_URL),
      });
    },
    [NOTICE_MAIL_JOB]: async (payload, job) => {
      await mailer.send({ ...(payload as { mail: Mail }).mail, messageId: jobMessageId(job, env.APP_URL) });
    },
  };
}
