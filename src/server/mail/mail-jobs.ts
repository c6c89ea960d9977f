import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { lockViewerById, updateUser, type Viewer } from '../features/accounts/accounts.repository';
import { hasOpenResetRequest } from '../features/auth/password-resets.repository';
import { enqueueJob } from '../jobs/queue';
import type { JobContext, JobHandler } from '../jobs/worker';
import { createToken } from '../security/tokens';
import { passwordResetMail, verificationMail } from './account-mails';
import type { Mail } from './mailer';

export const MAIL_JOB = 'mail:send';
/**
 * The same delivery as MAIL_JOB, for the owner's and followers' notices about a round (decision 028): a lane
 * of their own, so that a window's digest is not queued behind the thousands of receipts of a bid storm.
 */
export const NOTICE_MAIL_JOB = 'mail:notice';
export const VERIFY_MAIL_JOB = 'mail:verify-email';
export const RESET_MAIL_JOB = 'mail:password-reset';

/** Queues a finished mail in the caller's transaction. Never for mails carrying a secret. */
export function enqueueMail(db: DbOrTx, mail: Mail): Promise<void> {
  return enqueueJob(db, MAIL_JOB, { mail });
}

/** Queues a verification or reset link. The token is made when the mail goes out, so no plain token is ever stored. */
export function enqueueTokenMail(db: DbOrTx, kind: 'verify' | 'reset', userId: string): Promise<void> {
  return enqueueJob(db, kind === 'verify' ? VERIFY_MAIL_JOB : RESET_MAIL_JOB, { userId });
}

/**
 * Stores a fresh token for the user, if the link is still wanted, and returns who to mail it to. The user's
 * row is locked first, so this waits for an administrator's change that is under way (an approval, a new
 * e-mail address) and then decides on what it left: never a working link to an old address, and never one
 * that undoes an approval.
 */
async function issueToken(
  { db, clock }: AppDeps,
  kind: 'verify' | 'reset',
  userId: string,
): Promise<{ user: Viewer; token: string } | null> {
  return db.transaction(async (tx) => {
    const user = await lockViewerById(tx, userId);
    if (!user) return null;
    if (kind === 'verify' && user.emailVerified) return null;
    if (kind === 'reset' && !(await hasOpenResetRequest(tx, user.id))) return null;
    const { token, hash } = createToken();
    await updateUser(
      tx,
      user.id,
      kind === 'verify'
        ? { emailVerificationToken: hash, emailVerificationSentAt: clock.now() }
        : { passwordResetToken: hash, passwordResetSentAt: clock.now() },
    );
    return { user, token };
  });
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
  // A token mail makes a new link on every run, which makes the one before it dead: each run is another
  // message, and gets its own id, so that a receiver that drops repeats never keeps only the dead link.
  const sendTokenMail = (mail: Mail, job: JobContext) =>
    mailer.send({ ...mail, messageId: jobMessageId(job, env.APP_URL, true) });
  return {
    [MAIL_JOB]: async (payload, job) => {
      await mailer.send({ ...(payload as { mail: Mail }).mail, messageId: jobMessageId(job, env.APP_URL) });
    },
    [NOTICE_MAIL_JOB]: async (payload, job) => {
      await mailer.send({ ...(payload as { mail: Mail }).mail, messageId: jobMessageId(job, env.APP_URL) });
    },
    [VERIFY_MAIL_JOB]: async (payload, job) => {
      const issued = await issueToken(deps, 'verify', (payload as { userId: string }).userId);
      if (!issued) return;
      const link = `${env.APP_URL}/verify-email?token=${issued.token}`;
      await sendTokenMail(verificationMail(issued.user, link), job);
    },
    [RESET_MAIL_JOB]: async (payload, job) => {
      const issued = await issueToken(deps, 'reset', (payload as { userId: string }).userId);
      if (!issued) return;
      const link = `${env.APP_URL}/reset-password?token=${issued.token}`;
      await sendTokenMail(passwordResetMail(issued.user, link), job);
    },
  };
}
