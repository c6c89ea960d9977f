import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import type { PasskeyLoginInput } from '../../../shared/schemas/passkey';
import type { PasskeyRequestOptions } from '../../../shared/schemas/responses/passkey';
import type { AppDeps } from '../../deps';
import { Forbidden, TooManyRequests, Unauthorized, ValidationError } from '../../errors';
import { hashAddress } from '../../security/client-address';
import { readDeviceToken, signDeviceToken } from '../../security/device-token';
import { type LoggedIn, type LoginRequest, VERIFY_FIRST } from '../../security/login-contract';
import { LOGIN_THROTTLED } from '../../security/login-throttle';
import { findAccount, toCurrentUser } from '../accounts/accounts.service';
import { checkAssertion } from './assertion';
import {
  findPasskeyByCredentialId,
  insertChallenge,
  recordPasskeyUse,
  takeChallenge,
} from './passkeys.repository';
import { CHALLENGE_GONE } from './passkeys.service';
import { CHALLENGE_TTL_MS, challengeOf, relyingParty, userHandleOf } from './relying-party';

export const UNKNOWN_PASSKEY =
  'Denne passnøkkelen er ikke knyttet til en konto hos oss. Logg inn med e-post og passord.';
export const PASSKEY_NOT_VERIFIED = 'Passnøkkelen kunne ikke bekreftes. Prøv igjen.';
export const PASSKEY_CLONED =
  'Passnøkkelen ble avvist fordi den kan være kopiert. Logg inn med passord, fjern den under «Passnøkler» og legg til en ny.';

const WINDOW_MS = 15 * 60_000;
// Options per address: each leaves a row for five minutes, so a script must not fill the table.
const OPTIONS_PER_ADDRESS = 60;
// Failed passkey logins per address; a success gives its attempt back, as a password login does.
const FAILURES_PER_ADDRESS = 20;

/** The request options for navigator.credentials.get(): any passkey of this site, user verification required. */
export async function passkeyLoginOptions(deps: AppDeps, ip: string): Promise<PasskeyRequestOptions> {
  const address = hashAddress(deps.env.SESSION_SECRET, ip);
  await deps.limiter.enforce(`passkey-options:${address}`, OPTIONS_PER_ADDRESS, WINDOW_MS, LOGIN_THROTTLED);
  const rp = relyingParty(deps.env);
  // No allowCredentials: the passkey is discoverable, and the browser offers the person's own.
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await insertChallenge(
    deps.db,
    { challenge: options.challenge, purpose: 'login', userId: null, expiresAt },
    now,
  );
  return options as PasskeyRequestOptions;
}

/**
 * Checks a passkey's signature over a login challenge of ours, its user verification and its counter, and
 * the account as a password login does; the route then starts the session and sets the device cookie
 * exactly as for a password (login.service.ts). A counter that does not move forward means a copy of the
 * authenticator may be in use: refused and logged.
 */
export async function logInWithPasskey(
  deps: AppDeps,
  input: PasskeyLoginInput,
  request: LoginRequest,
): Promise<LoggedIn> {
  const secret = deps.env.SESSION_SECRET;
  const now = deps.clock.now();
  const response = input.response as unknown as AuthenticationResponseJSON;
  const key = `passkey-login:${hashAddress(secret, request.ip)}`;
  const attempt = await deps.limiter.hit(key, FAILURES_PER_ADDRESS, WINDOW_MS);
  const logged = { ip: request.ip, credentialId: response.id };
  const refuse = (reason: string, error: Error): never => {
    request.log.warn({ ...logged, event: 'auth.passkey.failed', reason }, 'passkey login refused');
    throw error;
  };
  if (!attempt.allowed) {
    request.log.warn(
      { ...logged, event: 'auth.passkey.throttled' },
      'passkey login refused: too many failures',
    );
    throw new TooManyRequests(LOGIN_THROTTLED, attempt.retryAfterSec);
  }
  const challenge = challengeOf(response.response.clientDataJSON);
  const expiresAt = challenge ? await takeChallenge(deps.db, challenge, 'login', null) : null;
  if (!expiresAt) return refuse('unknown or used challenge', new ValidationError(CHALLENGE_GONE));
  if (expiresAt.getTime() <= now.getTime())
    return refuse('expired challenge', new ValidationError(CHALLENGE_GONE));
  const passkey = await findPasskeyByCredentialId(deps.db, response.id);
  if (!passkey) return refuse('unknown credential', new Unauthorized(UNKNOWN_PASSKEY));
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(passkey.userId)).toString('base64url')) {
    return refuse('user handle of another user', new Unauthorized(PASSKEY_NOT_VERIFIED));
  }
  const checked = await checkAssertion(deps.env, response, challenge, passkey);
  if (!checked.ok && checked.why === 'not-verified')
    return refuse(checked.detail, new Unauthorized(PASSKEY_NOT_VERIFIED));
  if (!checked.ok) {
    // No secrets: the ids and the two counts are what an administrator needs to follow it up.
    request.log.warn(
      {
        ...logged,
        event: 'auth.passkey.cloned',
        userId: passkey.userId,
        passkeyId: passkey.id,
        storedCounter: passkey.counter,
        counter: checked.counter,
      },
      'passkey login refused: the signature counter went back, the authenticator may be cloned',
    );
    throw new Unauthorized(PASSKEY_CLONED);
  }
  const { counter } = checked;
  if (!(await recordPasskeyUse(deps.db, passkey.id, passkey.counter, counter, now))) {
    return refuse('counter changed meanwhile', new Unauthorized(PASSKEY_NOT_VERIFIED));
  }
  await deps.limiter.release(key);
  const viewer = await findAccount(deps.db, passkey.userId);
  if (!viewer) return refuse('account gone', new Unauthorized(UNKNOWN_PASSKEY));
  if (!viewer.emailVerified) throw new Forbidden(VERIFY_FIRST, { requiresEmailVerification: true });
  if (!viewer.isApproved)
    throw new Forbidden('Kontoen din er sperret. Kontakt oss hvis du mener dette er feil.');
  const device = readDeviceToken(secret, request.deviceCookie, now);
  const known = device?.userId === viewer.id ? device : null;
  return {
    user: toCurrentUser(viewer),
    deviceCookie: signDeviceToken(secret, viewer.id, now, known?.deviceId),
  };
}
