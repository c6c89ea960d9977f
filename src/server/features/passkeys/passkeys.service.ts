import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AddPasskeyInput, PasskeyReauthInput } from '../../../shared/schemas/passkey';
import type {
  CreatedPasskey,
  PasskeyCreationOptions,
  PasskeyList,
} from '../../../shared/schemas/responses/passkey';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { passkeyAddedMail, passkeyRemovedMail } from '../../mail/account-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { verifyPassword } from '../../security/passwords';
import { findLogin } from '../accounts/accounts.service';
import {
  deletePasskey,
  insertChallenge,
  insertPasskey,
  listPasskeysOf,
  takeChallenge,
} from './passkeys.repository';
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  relyingParty,
  SUPPORTED_ALGORITHMS,
  splitTransports,
  userHandleOf,
} from './relying-party';

/** A session this young may add or remove passkeys without the password (decision 037). */
export const RECENT_LOGIN_MS = 10 * 60_000;
export const MAX_PASSKEYS = 10;
export const PASSWORD_AGAIN = 'Skriv inn passordet ditt på nytt for å endre passnøkler';
export const WRONG_PASSWORD = 'Passordet er feil';
export const CHALLENGE_GONE = 'Forespørselen er utløpt eller allerede brukt. Prøv igjen.';
export const REGISTRATION_REFUSED = 'Passnøkkelen kunne ikke bekreftes. Prøv igjen.';
const NOT_FOUND = 'Fant ikke passnøkkelen';

/** The part of pino's logger this needs; request.log in the route. */
export interface PasskeyLog {
  warn(fields: object, message: string): void;
}

/** The signed-in request as these rules see it: who, since when, and where to log. */
export interface PasskeyCaller {
  viewer: Viewer;
  /** Epoch ms of the session's login. */
  sessionStartedAt: number | undefined;
  log: PasskeyLog;
}

/**
 * Adding or removing a passkey needs a login of the last 10 minutes, or the password again: a session left
 * open on a shared computer must not be enough to plant a way into the account.
 */
async function confirmRecentLogin(deps: AppDeps, caller: PasskeyCaller, password: string | undefined) {
  const started = caller.sessionStartedAt;
  if (started !== undefined && deps.clock.now().getTime() - started < RECENT_LOGIN_MS) return;
  if (!password) throw new Forbidden(PASSWORD_AGAIN);
  // A stolen session must not be a way to guess the password at full speed.
  await deps.limiter.enforce(`passkey-password:${caller.viewer.id}`, 10, 15 * 60_000);
  const login = await findLogin(deps.db, caller.viewer.email);
  if (!login || !(await verifyPassword(login.password, password))) {
    throw new ValidationError(WRONG_PASSWORD, [{ path: 'password', message: WRONG_PASSWORD }]);
  }
}

export async function listPasskeys(deps: AppDeps, viewer: Viewer): Promise<PasskeyList> {
  const rows = await listPasskeysOf(deps.db, viewer.id);
  return {
    passkeys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** The creation options for navigator.credentials.create(); its challenge is kept for five minutes. */
export async function registrationOptions(
  deps: AppDeps,
  caller: PasskeyCaller,
  input: PasskeyReauthInput,
): Promise<PasskeyCreationOptions> {
  const { viewer } = caller;
  await confirmRecentLogin(deps, caller, input.password);
  const existing = await listPasskeysOf(deps.db, viewer.id);
  if (existing.length >= MAX_PASSKEYS) {
    throw new Conflict(`Du kan ha høyst ${MAX_PASSKEYS} passnøkler. Fjern en før du legger til en ny.`);
  }
  const rp = relyingParty(deps.env);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.email,
    userDisplayName: `${viewer.firstName} ${viewer.lastName}`,
    userID: userHandleOf(viewer.id),
    attestationType: 'none',
    // The same authenticator twice would only be a second name for one key.
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: splitTransports(p.transports),
    })),
    // Discoverable, so that login needs no e-mail address; verified, so that it is the person, not the device.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  const now = deps.clock.now();
  await insertChallenge(
    deps.db,
    {
      challenge: options.challenge,
      purpose: 'register',
      userId: viewer.id,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  // The library's interfaces, as the schema that documents them (which keeps any field it adds).
  return options as PasskeyCreationOptions;
}

/** Checks the browser's answer to this user's challenge and stores the new passkey; mails the user. */
export async function addPasskey(
  deps: AppDeps,
  caller: PasskeyCaller,
  input: AddPasskeyInput,
): Promise<CreatedPasskey> {
  const { viewer, log } = caller;
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  const expiresAt = challenge ? await takeChallenge(deps.db, challenge, 'register', viewer.id) : null;
  const logged = { event: 'passkey.add.refused', userId: viewer.id };
  if (!expiresAt || expiresAt.getTime() <= deps.clock.now().getTime()) {
    log.warn({ ...logged, reason: expiresAt ? 'challenge expired' : 'unknown challenge' }, 'passkey refused');
    throw new ValidationError(CHALLENGE_GONE);
  }
  const rp = relyingParty(deps.env);
  let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    if (!verification.verified) throw new Error('not verified');
    credential = verification.registrationInfo.credential;
  } catch (error) {
    // The library's reason (origin, RP ID, flags) names nothing secret: the answer holds only public data.
    log.warn({ ...logged, reason: (error as Error).message }, 'passkey refused');
    throw new ValidationError(REGISTRATION_REFUSED);
  }
  const name = input.name?.trim() || 'Passnøkkel';
  return deps.db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      userId: viewer.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports?.join(',') || null,
      name,
    });
    if (!row) throw new Conflict('Denne passnøkkelen er allerede lagt til');
    await enqueueMail(tx, passkeyAddedMail(viewer, name, deps.env.APP_URL));
    return { passkey: { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() } };
  });
}

/** Removes one of the caller's own passkeys (another's is 404, as an unknown one); mails the user. */
export async function removePasskey(
  deps: AppDeps,
  caller: PasskeyCaller,
  id: string,
  input: PasskeyReauthInput,
): Promise<void> {
  const { viewer } = caller;
  const own = await listPasskeysOf(deps.db, viewer.id);
  if (!own.some((p) => p.id === id)) throw new NotFound(NOT_FOUND);
  await confirmRecentLogin(deps, caller, input.password);
  await deps.db.transaction(async (tx) => {
    const removed = await deletePasskey(tx, viewer.id, id);
    if (!removed) throw new NotFound(NOT_FOUND);
    await enqueueMail(tx, passkeyRemovedMail(viewer, removed.name, deps.env.APP_URL));
  });
}
