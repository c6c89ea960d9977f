import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  composeRegistration,
  type EmailOnlyInput,
  type ResetPasswordInput,
  type registerSchema,
} from '../../../shared/schemas/auth';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, Conflict, ValidationError } from '../../errors';
import { accountExistsMail, passwordResetDoneMail } from '../../mail/account-mails';
import { enqueueMail, enqueueTokenMail } from '../../mail/mail-jobs';
import { hashAccount } from '../../security/account-hash';
import { hashAddress } from '../../security/client-address';
import { forgetAccountFailures } from '../../security/login-throttle';
import { hashPassword } from '../../security/passwords';
import { hashToken } from '../../security/tokens';
import {
  createUser,
  findAccount,
  findAccountByLinkToken,
  findLogin,
  markEmailVerified,
  setAccountPassword,
} from '../accounts/accounts.service';
import { linkPendingIdentity } from '../identity/identity.service';
import {
  completeResetRequests,
  findResetTokenSentAt,
  insertResetRequestIfLive,
} from './password-resets.repository';
import { endEveryWayInOf } from './password-resets.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const VERIFICATION_TTL_MS = 24 * HOUR;
export const RESET_TTL_MS = HOUR;

// The client's address in a limit's key: keyed-hashed, and an IPv6 client counted by its /64.
const addressKey = (deps: AppDeps, ip: string) => hashAddress(deps.env.SESSION_SECRET, ip);

export const LOGIN_FAILED = 'Ugyldig e-post eller passord.';
export const INVALID_RESET_LINK =
  'Lenken er ugyldig eller utløpt. Be om en ny lenke for å tilbakestille passordet.';
export const INVALID_VERIFY_LINK =
  'Verifikasjonslenken er ugyldig eller utløpt. Be om en ny når du logger inn.';

export async function register(
  deps: AppDeps,
  input: z.output<typeof registerSchema>,
  ip: string,
  /** The token of a person who logged in with the eID provider and had no account (decision 064). */
  pendingIdentity?: string,
): Promise<void> {
  await deps.limiter.enforce(`register-ip:${addressKey(deps, ip)}`, 10, HOUR);
  const combined = composeRegistration(input);
  try {
    await deps.db.transaction(async (tx) => {
      const owner = await findLogin(tx, input.email);
      if (owner) {
        // Hashed and thrown away: a new account costs one argon2 hash, and so must a known address.
        await hashPassword(input.password);
        await mailExistingOwner(deps, tx, owner.id, input.email);
        return;
      }
      const userId = await createUser(tx, {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: combined.phone,
        address: combined.address,
        bankName: input.bankName,
        bankContactName: input.bankContactName,
        bankContactPhone: combined.bankContactPhone,
      });
      // The new account is that person's, under their verified names.
      await linkPendingIdentity(deps, tx, pendingIdentity, userId);
      await enqueueTokenMail(tx, 'verify', userId);
    });
  } catch (error) {
    // Two registrations of one address at once: the unique index refused the second. Its answer and mail
    // must still be those of a known address.
    if (!(error instanceof Conflict)) throw error;
    await deps.db.transaction(async (tx) => {
      const owner = await findLogin(tx, input.email);
      if (owner) await mailExistingOwner(deps, tx, owner.id, input.email);
    });
  }
}

/**
 * Registration answers a known address as it answers a new one (no account enumeration); the owner hears of
 * it by mail instead. At most a few an hour per address, silently, so the form cannot flood someone's inbox.
 */
async function mailExistingOwner(deps: AppDeps, tx: DbOrTx, userId: string, email: string) {
  const key = `register-known-address:${hashAccount(deps.env.SESSION_SECRET, email)}`;
  if (!(await deps.limiter.hit(key, 3, HOUR)).allowed) return;
  const owner = await findAccount(tx, userId);
  if (owner) await enqueueMail(tx, accountExistsMail(owner, deps.env.APP_URL));
}

/**
 * Resend and forgot-password answer the same whether or not the address is known; the per-address limit
 * silently stops mail bombing, the per-IP limit is visible. Known or not, the same statements run and one job
 * is queued: for an unknown address it names an id no account has, and the job finds no one to mail. So the
 * answer takes the same time too, and the job decides who is mailed (a verified account gets no new
 * verification link there either).
 */
async function requestTokenMail(deps: AppDeps, kind: 'verify' | 'reset', input: EmailOnlyInput, ip: string) {
  await deps.limiter.enforce(`${kind}-ip:${addressKey(deps, ip)}`, 10, HOUR);
  const address = hashAccount(deps.env.SESSION_SECRET, input.email);
  if (!(await deps.limiter.hit(`${kind}-address:${address}`, 3, HOUR)).allowed) return;
  await deps.db.transaction(async (tx) => {
    const row = await findLogin(tx, input.email);
    const userId = row?.id ?? randomUUID();
    if (kind === 'reset') await insertResetRequestIfLive(tx, userId, 'Glemt passord (lenke på e-post)');
    await enqueueTokenMail(tx, kind, userId);
  });
}

export const resendVerification = (deps: AppDeps, input: EmailOnlyInput, ip: string) =>
  requestTokenMail(deps, 'verify', input, ip);

export const forgotPassword = (deps: AppDeps, input: EmailOnlyInput, ip: string) =>
  requestTokenMail(deps, 'reset', input, ip);

export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findAccountByLinkToken(tx, 'verification', hashToken(token));
    const expired = !user?.sentAt || deps.clock.now().getTime() - user.sentAt.getTime() > VERIFICATION_TTL_MS;
    if (!user || expired) throw new AppError(400, INVALID_VERIFY_LINK, undefined, { verified: false });
    await markEmailVerified(tx, user.id);
  });
}

const isResetLinkFresh = (deps: AppDeps, sentAt: Date | null | undefined): sentAt is Date =>
  !!sentAt && deps.clock.now().getTime() - sentAt.getTime() <= RESET_TTL_MS;

/**
 * Lets the reset page say "used or expired" before the user types a new password. Its own counter, so
 * opening the page does not eat into the attempts to actually reset.
 */
export async function isResetLinkUsable(deps: AppDeps, token: string, ip: string): Promise<boolean> {
  await deps.limiter.enforce(`reset-status-ip:${addressKey(deps, ip)}`, 20, HOUR);
  if (!token) return false;
  return isResetLinkFresh(deps, await findResetTokenSentAt(deps.db, hashToken(token)));
}

export async function resetPassword(deps: AppDeps, input: ResetPasswordInput, ip: string): Promise<void> {
  await deps.limiter.enforce(`reset-ip:${addressKey(deps, ip)}`, 20, HOUR);
  const password = await hashPassword(input.newPassword);
  const email = await deps.db.transaction(async (tx) => {
    const user = await findAccountByLinkToken(tx, 'reset', hashToken(input.token));
    if (!user || !isResetLinkFresh(deps, user.sentAt))
      throw new ValidationError(INVALID_RESET_LINK, [{ path: 'token', message: INVALID_RESET_LINK }]);
    // The link proves the user reads this mailbox, so it verifies the address as well.
    await setAccountPassword(tx, user.id, password, { verifiesEmail: true });
    await completeResetRequests(tx, user.id);
    // Every session and every passkey go with the old password, and the owner is told (decision 052).
    await endEveryWayInOf(tx, user.id);
    await enqueueMail(tx, passwordResetDoneMail(user, deps.env.APP_URL));
    return user.email;
  });
  // The password is set: if the counters are out of reach now, the count simply runs out within the hour,
  // and the reset must not be answered as failed (its link is spent).
  await forgetAccountFailures(deps.limiter, hashAccount(deps.env.SESSION_SECRET, email)).catch(() => {});
}
