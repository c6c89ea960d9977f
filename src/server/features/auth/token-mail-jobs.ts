import type { AppDeps } from '../../deps';
import type { Viewer } from '../../http/viewer';
import type { JobContext, JobHandler } from '../../jobs/worker';
import { passwordResetMail, verificationMail } from '../../mail/account-mails';
import { jobMessageId, RESET_MAIL_JOB, VERIFY_MAIL_JOB } from '../../mail/mail-jobs';
import type { Mail } from '../../mail/mailer';
import { createToken } from '../../security/tokens';
import { lockAccount, storeLinkToken } from '../accounts/accounts.service';
import { hasOpenResetRequest } from './password-resets.repository';

// Moved here from mail/mail-jobs.ts (decision 031): issuing a link reads and writes the account, which is
// the features' business; app.ts registers these handlers with the job worker.

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
    const user = await lockAccount(tx, userId);
    if (!user) return null;
    if (kind === 'verify' && user.emailVerified) return null;
    if (kind === 'reset' && !(await hasOpenResetRequest(tx, user.id))) return null;
    const { token, hash } = createToken();
    await storeLinkToken(tx, user.id, kind, hash, clock.now());
    return { user, token };
  });
}

export function tokenMailJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  const { mailer, env } = deps;
  // A token mail makes a new link on every run, which makes the one before it dead: each run is another
  // message, and gets its own id, so that a receiver that drops repeats never keeps only the dead link.
  const sendTokenMail = (mail: Mail, job: JobContext) =>
    mailer.send({ ...mail, messageId: jobMessageId(job, env.APP_URL, true) });
  return {
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
