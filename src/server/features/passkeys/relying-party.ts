import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { Env } from '../../env';

/** Challenges (for adding a passkey or logging in with one) are good once, for five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** ES256 and RS256: every platform authenticator and security key offers one of them. */
export const SUPPORTED_ALGORITHMS = [-7, -257];

/**
 * Who the passkeys belong to (decision 037): the relying party ID is APP_URL's host, and every answer must
 * come from APP_URL's origin. Browsers refuse WebAuthn on an IP address, so development uses localhost.
 */
export function relyingParty(env: Pick<Env, 'APP_URL'>): { id: string; origin: string; name: string } {
  const url = new URL(env.APP_URL);
  return { id: url.hostname, origin: url.origin, name: 'Budrunde' };
}

/** The challenge a browser's answer carries in its clientDataJSON, or '' if it cannot be read. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/** The signature counter in authenticator data (bytes 33–36, big-endian), or null if it is too short. */
export function counterOf(authenticatorData: string): number | null {
  const bytes = Buffer.from(authenticatorData, 'base64url');
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : null;
}

/** The user handle of a user's passkeys: the 16 bytes of their id, never their e-mail address. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

/** The stored transports as the library takes them: hints for the browser, which ignores unknown ones. */
export const splitTransports = (value: string | null) =>
  value ? (value.split(',') as AuthenticatorTransport[]) : undefined;
