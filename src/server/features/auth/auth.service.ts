import type { z } from 'zod';
import {
  composeRegistration,
  type EmailOnlyInput,
  type LoginInput,
  type ResetPasswordInput,
  type registerSchema,
} from '../../../shared/schemas/auth';
import type { CurrentUser } from '../../../shared/schemas/user';
import type { AppDeps } from '../../deps';
import { AppError, Forbidden, TooManyRequests, Unauthorized, ValidationError } from '../../errors';
import { enqueueTokenMail } from '../../mail/mail-jobs';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { hashToken } from '../../security/tokens';
import {
  findLoginByEmail,
  findUserByTokenHash,
  findViewerById,
  updateUser,
} from '../accounts/accounts.repository';
import { createUser, toCurrentUser } from '../accounts/accounts.service';
import {
  completeResetRequests,
  findResetTokenSentAt,
  insertResetRequest,
} from './password-resets.repository';
import { deleteUserSessions } from './sessions.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const VERIFICATION_TTL_MS = 24 * HOUR;
export const RESET_TTL_MS = HOUR;

export const LOGIN_FAILED = 'Ugyldig e-post eller passord.';
export const VERIFY_FIRST = 'Du må verifisere e-postadressen din før du kan logge inn.';
export const INVALID_RESET_LINK =
  'Lenken er ugyldig eller utløpt. Be om en ny lenke for å tilbakestille passordet.';
export const INVALID_VERIFY_LINK =
  'Verifikasjonslenken er ugyldig eller utløpt. Be om en ny når du logger inn.';

// Verifying against this when the address is unknown makes both failures cost the same argon2 time.
const DUMMY_HASH = hashPassword('no-such-user-placeholder');

export async function register(
  deps: AppDeps,
  input: z.output<typeof registerSchema>,
  ip: string,
): Promise<void> {
  if (!deps.limiter.hit(`register-ip:${ip}`, 10, HOUR)) throw new TooManyRequests();
  const combined = composeRegistration(input);
  await deps.db.transaction(async (tx) => {
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
    await enqueueTokenMail(tx, 'verify', userId);
  });
}

/** Checks the credentials and the account's state. The route then starts a fresh session for the user. */
export async function authenticate(deps: AppDeps, input: LoginInput, ip: string): Promise<CurrentUser> {
  const account = input.email.toLowerCase();
  const ipAllowed = deps.limiter.hit(`login-ip:${ip}`, 30, 15 * MINUTE);
  const accountAllowed = deps.limiter.hit(`login-account:${account}`, 10, 15 * MINUTE);
  if (!ipAllowed || !accountAllowed) {
    throw new TooManyRequests('For mange innloggingsforsøk. Vent 15 minutter og prøv igjen.');
  }
  const row = await findLoginByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(row?.password ?? (await DUMMY_HASH), input.password);
  if (!row || !passwordOk) throw new Unauthorized(LOGIN_FAILED);
  if (!row.emailVerified) throw new Forbidden(VERIFY_FIRST, { requiresEmailVerification: true });
  if (!row.isApproved)
    throw new Forbidden('Kontoen din er sperret. Kontakt oss hvis du mener dette er feil.');
  deps.limiter.reset(`login-account:${account}`);
  const viewer = await findViewerById(deps.db, row.id);
  if (!viewer) throw new Unauthorized(LOGIN_FAILED);
  return toCurrentUser(viewer);
}

/**
 * Resend and forgot-password answer the same whether or not the address is known; the per-address limit
 * silently stops mail bombing, the per-IP limit is visible.
 */
async function requestTokenMail(deps: AppDeps, kind: 'verify' | 'reset', input: EmailOnlyInput, ip: string) {
  if (!deps.limiter.hit(`${kind}-ip:${ip}`, 10, HOUR)) throw new TooManyRequests();
  if (!deps.limiter.hit(`${kind}-address:${input.email.toLowerCase()}`, 3, HOUR)) return;
  const row = await findLoginByEmail(deps.db, input.email);
  if (!row || (kind === 'verify' && row.emailVerified)) return;
  await deps.db.transaction(async (tx) => {
    if (kind === 'reset') await insertResetRequest(tx, row.id, 'Glemt passord (lenke på e-post)');
    await enqueueTokenMail(tx, kind, row.id);
  });
}

export const resendVerification = (deps: AppDeps, input: EmailOnlyInput, ip: string) =>
  requestTokenMail(deps, 'verify', input, ip);

export const forgotPassword = (deps: AppDeps, input: EmailOnlyInput, ip: string) =>
  requestTokenMail(deps, 'reset', input, ip);

export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUserByTokenHash(tx, 'verification', hashToken(token));
    const expired = !user?.sentAt || deps.clock.now().getTime() - user.sentAt.getTime() > VERIFICATION_TTL_MS;
    if (!user || expired) throw new AppError(400, INVALID_VERIFY_LINK, undefined, { verified: false });
    await updateUser(tx, user.id, { emailVerified: true, emailVerificationToken: null });
  });
}

const isResetLinkFresh = (deps: AppDeps, sentAt: Date | null | undefined): sentAt is Date =>
  !!sentAt && deps.clock.now().getTime() - sentAt.getTime() <= RESET_TTL_MS;

/**
 * Lets the reset page say "used or expired" before the user types a new password. Its own counter, so
 * opening the page does not eat into the attempts to actually reset.
 */
export async function isResetLinkUsable(deps: AppDeps, token: string, ip: string): Promise<boolean> {
  if (!deps.limiter.hit(`reset-status-ip:${ip}`, 20, HOUR)) throw new TooManyRequests();
  if (!token) return false;
  return isResetLinkFresh(deps, await findResetTokenSentAt(deps.db, hashToken(token)));
}

export async function resetPassword(deps: AppDeps, input: ResetPasswordInput, ip: string): Promise<void> {
  if (!deps.limiter.hit(`reset-ip:${ip}`, 20, HOUR)) throw new TooManyRequests();
  const password = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const user = await findUserByTokenHash(tx, 'reset', hashToken(input.token));
    if (!user || !isResetLinkFresh(deps, user.sentAt))
      throw new ValidationError(INVALID_RESET_LINK, [{ path: 'token', message: INVALID_RESET_LINK }]);
    // The link proves the user reads this mailbox, so it verifies the address as well.
    await updateUser(tx, user.id, { password, passwordResetToken: null, emailVerified: true });
    await completeResetRequests(tx, user.id);
    await deleteUserSessions(tx, user.id);
  });
}
