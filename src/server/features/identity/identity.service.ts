import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Env } from '../../env';
import { identityUsedAgainMail } from '../../mail/account-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { createToken, hashToken } from '../../security/tokens';
import {
  findAccount,
  findAccountIdByPersonHash,
  isUniqueViolation,
  lockAccount,
  recordVerifiedIdentity,
} from '../accounts/accounts.service';
import { builtInClient } from '../test-idp/test-provider';
import {
  deletePendingIdentity,
  findGeneratedIdentitySecret,
  findPendingIdentity,
  insertIdentityRequest,
  insertPendingIdentity,
  takeIdentityRequest,
} from './identity.repository';
import { IdentityFailure, OidcClient, type OidcSettings } from './oidc-client';
import { personFromClaims } from './person-claims';

// Identity through any OpenID Connect provider (decision 064). A person verifies their signed-in account, or
// logs in; one person (a keyed hash of the provider's person claim) has at most one account. The clear
// claim, a national identity number with a BankID broker, is never stored, logged or mailed.

const REQUEST_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 30 * 60_000;
const HOUR = 60 * 60_000;

export type Purpose = 'verify' | 'login';

const clients = new WeakMap<Env, OidcClient>();

/** The settings of the configured provider, or of the built-in Test-BankID; null when there is neither. */
function settingsOf(env: Env): OidcSettings | null {
  const common = {
    scope: env.OIDC_SCOPE,
    acrValues: env.OIDC_ACR_VALUES ?? null,
    redirectUri: `${env.APP_URL}/api/identity/callback`,
  };
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)
    return {
      ...common,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    };
  if (env.OIDC_TEST_PROVIDER)
    return { ...common, issuer: `${env.APP_URL}/test-idp`, ...builtInClient(env.SESSION_SECRET) };
  return null;
}

/** Whether identity can be verified here at all: a provider is set up, and BID_IDENTITY is not 'off'. */
export const identityAvailable = (env: Env) => env.BID_IDENTITY !== 'off' && settingsOf(env) !== null;

// One client per configuration, made at first use (APP_URL may be known only once the server listens).
function clientOf(env: Env): OidcClient {
  let client = clients.get(env);
  if (!client) {
    const settings = settingsOf(env);
    if (!settings) throw new IdentityFailure('no identity provider is configured');
    client = new OidcClient(settings);
    clients.set(env, client);
  }
  return client;
}

/** Starts one authorization request: stored for its callback, and the provider's address to go to. */
export async function startIdentityRequest(
  deps: AppDeps,
  purpose: Purpose,
  userId: string | null,
  returnTo: string,
): Promise<{ url: string; state: string }> {
  const client = clientOf(deps.env);
  const checks = OidcClient.newChecks();
  const url = await client.authorizationUrl(checks);
  const now = deps.clock.now();
  await insertIdentityRequest(
    deps.db,
    {
      state: checks.state,
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      purpose,
      userId,
      returnTo,
      expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
    },
    now,
  );
  return { url: url.href, state: checks.state };
}

export type IdentityOutcome =
  | { kind: 'verified'; returnTo: string }
  | { kind: 'taken'; returnTo: string }
  | { kind: 'failed'; purpose: Purpose; returnTo: string }
  | { kind: 'logged-in'; userId: string; returnTo: string }
  | { kind: 'login-refused'; reason: 'blocked' | 'unverified-email' }
  | { kind: 'no-account'; pendingToken: string };

export interface Callback {
  url: URL;
  /** The state this browser's request was started with (its cookie). */
  browserState: string | undefined;
  /** Who is signed in now, if anyone. */
  viewerId: string | null;
  log: FastifyBaseLogger;
}

/** The provider's answer: checked, then what it means for the account. Every refusal is logged with why. */
export async function finishIdentityRequest(deps: AppDeps, callback: Callback): Promise<IdentityOutcome> {
  const state = callback.url.searchParams.get('state');
  const request = state ? await takeIdentityRequest(deps.db, state, deps.clock.now()) : null;
  // An unknown request: a signed-in person was most likely verifying, anyone else logging in.
  const verifying = request ? request.purpose === 'verify' : callback.viewerId !== null;
  const purpose: Purpose = verifying ? 'verify' : 'login';
  const failed = (reason: string): IdentityOutcome => {
    callback.log.warn({ event: 'identity.failed', purpose, reason }, 'identity verification refused');
    return { kind: 'failed', purpose, returnTo: request?.returnTo ?? '/' };
  };
  if (!state || !request) return failed('unknown, used or expired state');
  if (callback.browserState !== state) return failed('state does not match this browser');
  const error = callback.url.searchParams.get('error');
  if (error) return failed(`provider answered ${error}`);
  let person: ReturnType<typeof personFromClaims>;
  try {
    const claims = await clientOf(deps.env).claimsFrom(callback.url, {
      state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
    });
    person = personFromClaims(claims, deps.env.OIDC_PERSON_CLAIM);
  } catch (failure) {
    if (failure instanceof IdentityFailure) return failed(failure.message);
    throw failure;
  }
  const personHash = await hashPerson(deps, person.personClaim);
  const identity = {
    personHash,
    firstName: person.givenName,
    lastName: person.familyName,
    birthDate: person.birthDate,
    provider: deps.env.IDENTITY_PROVIDER_NAME,
  };
  if (request.purpose === 'verify') {
    if (!request.userId || request.userId !== callback.viewerId) return failed('the session changed');
    const outcome = await verifyAccount(deps, request.userId, identity);
    if (outcome === 'failed') return failed('the account is verified as another person');
    callback.log.info({ event: `identity.${outcome}`, userId: request.userId }, 'identity verification');
    return { kind: outcome, returnTo: request.returnTo };
  }
  return logInPerson(deps, identity, request.returnTo, callback.log);
}

type Identity = Parameters<typeof recordVerifiedIdentity>[2];

async function verifyAccount(
  deps: AppDeps,
  userId: string,
  identity: Identity,
): Promise<'verified' | 'taken' | 'failed'> {
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await lockAccount(tx, userId);
      if (!account) return 'failed';
      const owner = await findAccountIdByPersonHash(tx, identity.personHash);
      if (owner && owner !== userId) {
        await tellFirstOwner(deps, tx, owner);
        return 'taken';
      }
      if (!owner && account.identityVerifiedAt) return 'failed';
      await recordVerifiedIdentity(tx, userId, identity);
      return 'verified';
    });
  } catch (error) {
    // Two accounts verified by one person at the same moment: the unique index lets one through.
    if (!isUniqueViolation(error)) throw error;
    const owner = await findAccountIdByPersonHash(deps.db, identity.personHash);
    if (owner) await tellFirstOwner(deps, deps.db, owner);
    return 'taken';
  }
}

/** At most three such mails an hour to one account, so that the attempts cannot flood its inbox. */
async function tellFirstOwner(deps: AppDeps, tx: DbOrTx, ownerId: string): Promise<void> {
  if (!(await deps.limiter.hit(`identity-used-again:${ownerId}`, 3, HOUR)).allowed) return;
  const owner = await findAccount(tx, ownerId);
  if (owner) {
    await enqueueMail(tx, identityUsedAgainMail(owner, deps.env.IDENTITY_PROVIDER_NAME, deps.env.APP_URL));
  }
}

async function logInPerson(
  deps: AppDeps,
  identity: Identity,
  returnTo: string,
  log: FastifyBaseLogger,
): Promise<IdentityOutcome> {
  const ownerId = await findAccountIdByPersonHash(deps.db, identity.personHash);
  const account = ownerId ? await findAccount(deps.db, ownerId) : null;
  if (account) {
    // Refused as a password login is: an address not yet verified, or an account an administrator blocked.
    if (!account.emailVerified) return { kind: 'login-refused', reason: 'unverified-email' };
    if (!account.isApproved) return { kind: 'login-refused', reason: 'blocked' };
    log.info({ event: 'identity.login', userId: account.id }, 'logged in with the identity provider');
    return { kind: 'logged-in', userId: account.id, returnTo };
  }
  const { token, hash } = createToken();
  const now = deps.clock.now();
  await insertPendingIdentity(
    deps.db,
    {
      tokenHash: hash,
      personHash: identity.personHash,
      givenName: identity.firstName,
      familyName: identity.lastName,
      birthDate: identity.birthDate,
      provider: identity.provider,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    },
    now,
  );
  return { kind: 'no-account', pendingToken: token };
}

/** The keyed hash that stands for the person: the same person gives the same hash, and nothing else does. */
async function hashPerson(deps: AppDeps, personClaim: string): Promise<string> {
  const key = deps.env.IDENTITY_SECRET ?? (await findGeneratedIdentitySecret(deps.db));
  if (!key) throw new Error('identity_secrets has no person-hmac key: the migrations have not run');
  return createHmac('sha256', key).update(personClaim, 'utf8').digest('hex');
}

/** The verified names waiting for a registration, for its form; null when there are none. */
export async function findPendingNames(deps: AppDeps, token: string | undefined) {
  if (!token) return null;
  const pending = await findPendingIdentity(deps.db, hashToken(token), deps.clock.now());
  return pending
    ? { givenName: pending.givenName, familyName: pending.familyName, provider: pending.provider }
    : null;
}

/**
 * A registration made after logging in with the provider: the new account is that person's, under their
 * verified names. Returns the names it took, or null when there is no pending identity (or the person has
 * meanwhile verified another account).
 */
export async function linkPendingIdentity(
  deps: AppDeps,
  tx: DbOrTx,
  token: string | undefined,
  userId: string,
): Promise<boolean> {
  if (!token) return false;
  const pending = await findPendingIdentity(tx, hashToken(token), deps.clock.now());
  if (!pending || (await findAccountIdByPersonHash(tx, pending.personHash))) return false;
  await deletePendingIdentity(tx, pending.tokenHash);
  await recordVerifiedIdentity(tx, userId, {
    personHash: pending.personHash,
    firstName: pending.givenName,
    lastName: pending.familyName,
    birthDate: pending.birthDate,
    provider: pending.provider,
  });
  return true;
}
