import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { findViewerById, updateUser } from '../features/accounts/accounts.repository';
import { hasOpenResetRequest } from '../features/auth/password-resets.repository';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import { createToken } from '../security/tokens';
import { passwordResetMail, verificationMail } from './account-mails';
import type { Mail } from './mailer';

export const MAIL_JOB = 'mail:send';
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

export function mailJobHandlers({ db, mailer, clock, env }: AppDeps): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: async (payload) => {
      await mailer.send((payload as { mail: Mail }).mail);
    },
    [VERIFY_MAIL_JOB]: async (payload) => {
      const user = await findViewerById(db, (payload as { userId: string }).userId);
      if (!user || user.emailVerified) return;
      const { token, hash } = createToken();
      await updateUser(db, user.id, { emailVerificationToken: hash, emailVerificationSentAt: clock.now() });
      await mailer.send(verificationMail(user, `${env.APP_URL}/verify-email?token=${token}`));
    },
    [RESET_MAIL_JOB]: async (payload) => {
      const user = await findViewerById(db, (payload as { userId: string }).userId);
      // An administrator may have approved or rejected the request before this mail went out: a link made
      // now would undo that.
      if (!user || !(await hasOpenResetRequest(db, user.id))) return;
      const { token, hash } = createToken();
      await updateUser(db, user.id, { passwordResetToken: hash, passwordResetSentAt: clock.now() });
      await mailer.send(passwordResetMail(user, `${env.APP_URL}/reset-password?token=${token}`));
    },
  };
}
