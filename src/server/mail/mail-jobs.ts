import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { lockViewerById, updateUser, type Viewer } from '../features/accounts/accounts.repository';
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

export function mailJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  const { mailer, env } = deps;
  return {
    [MAIL_JOB]: async (payload) => {
      await mailer.send((payload as { mail: Mail }).mail);
    },
    [VERIFY_MAIL_JOB]: async (payload) => {
      const issued = await issueToken(deps, 'verify', (payload as { userId: string }).userId);
      if (!issued) return;
      await mailer.send(verificationMail(issued.user, `${env.APP_URL}/verify-email?token=${issued.token}`));
    },
    [RESET_MAIL_JOB]: async (payload) => {
      const issued = await issueToken(deps, 'reset', (payload as { userId: string }).userId);
      if (!issued) return;
      await mailer.send(
        passwordResetMail(issued.user, `${env.APP_URL}/reset-password?token=${issued.token}`),
      );
    },
  };
}
