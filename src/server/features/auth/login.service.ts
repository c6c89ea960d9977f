import type { LoginInput } from '../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { Forbidden, TooManyRequests, Unauthorized } from '../../errors';
import { hashAccount } from '../../security/account-hash';
import { hashAddress } from '../../security/client-address';
import { readDeviceToken, signDeviceToken } from '../../security/device-token';
import { type LoggedIn, type LoginRequest, VERIFY_FIRST } from '../../security/login-contract';
import { ACCOUNT_THROTTLED, beginLoginAttempt, LOGIN_THROTTLED } from '../../security/login-throttle';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { findAccount, findLogin, toCurrentUser } from '../accounts/accounts.service';
import { LOGIN_FAILED } from './auth.service';

// Verifying against this when the address is unknown makes both failures cost the same argon2 time.
const DUMMY_HASH = hashPassword('no-such-user-placeholder');

/**
 * Checks the credentials and the account's state. The route then starts a fresh session for the user and
 * gives the browser its device cookie. Throttling is per account and address, and per account from all
 * addresses; the owner's own browser, known by its device cookie, is never kept out by failures elsewhere
 * (decisions 012 and 027).
 */
export async function logIn(deps: AppDeps, input: LoginInput, request: LoginRequest): Promise<LoggedIn> {
  const secret = deps.env.SESSION_SECRET;
  const now = deps.clock.now();
  const account = hashAccount(secret, input.email);
  const row = await findLogin(deps.db, input.email);
  const device = readDeviceToken(secret, request.deviceCookie, now);
  const known = row && device?.userId === row.id ? device : null;
  const attempt = await beginLoginAttempt(deps.limiter, {
    account,
    address: hashAddress(secret, request.ip),
    deviceId: known?.deviceId,
    accountLimit: deps.env.LOGIN_FAILURES_PER_ACCOUNT_HOUR,
  });
  // Never the e-mail typed in: the keyed hash lets one follow an attack in the log without it.
  const logged = { account, ip: request.ip, knownDevice: Boolean(known) };
  if (!attempt.allowed) {
    request.log.warn({ ...logged, event: 'auth.login.throttled' }, 'login refused: too many failures');
    // The account's count is kept for unknown addresses too, so this answer tells no one who has an account.
    const message = attempt.accountFull ? ACCOUNT_THROTTLED : LOGIN_THROTTLED;
    throw new TooManyRequests(message, attempt.retryAfterSec);
  }
  const passwordOk = await verifyPassword(row?.password ?? (await DUMMY_HASH), input.password);
  if (!row || !passwordOk) {
    request.log.warn({ ...logged, event: 'auth.login.failed' }, 'login failed: wrong e-mail or password');
    throw new Unauthorized(LOGIN_FAILED);
  }
  await attempt.succeeded();
  if (!row.emailVerified) throw new Forbidden(VERIFY_FIRST, { requiresEmailVerification: true });
  if (!row.isApproved)
    throw new Forbidden('Kontoen din er sperret. Kontakt oss hvis du mener dette er feil.');
  const viewer = await findAccount(deps.db, row.id);
  if (!viewer) throw new Unauthorized(LOGIN_FAILED);
  // The same browser keeps its device id (and with it its own count); a new browser, or a cookie for
  // someone else's account, gets a new one.
  const deviceCookie = signDeviceToken(secret, row.id, now, known?.deviceId);
  return { user: toCurrentUser(viewer), deviceCookie };
}
