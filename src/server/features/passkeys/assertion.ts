import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Env } from '../../env';
import type { PasskeyRow } from './passkeys.repository';
import { counterOf, relyingParty, splitTransports } from './relying-party';

/** What a passkey's answer to a challenge proved: its new counter, or why it proved nothing. */
export type AssertionCheck =
  | { ok: true; counter: number }
  | { ok: false; why: 'not-verified'; detail: string }
  /** The signature holds but the counter did not go up: the authenticator may have been cloned. */
  | { ok: false; why: 'counter-went-back'; counter: number };

/**
 * Checks a passkey's answer to `challenge`, for a login (decision 037) and a signed bid (decision 039) alike:
 * origin, relying party, user verification and signature, then the counter. The library is given counter 0,
 * because it checks the counter before the signature and a forged answer must never read as a cloned
 * authenticator; the counter is judged here once the signature holds. The caller records the use.
 */
export async function checkAssertion(
  env: Pick<Env, 'APP_URL'>,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: Pick<PasskeyRow, 'credentialId' | 'publicKey' | 'counter' | 'transports'>,
): Promise<AssertionCheck> {
  const rp = relyingParty(env);
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: 0,
        transports: splitTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return { ok: false, why: 'not-verified', detail: 'signature not verified' };
  } catch (error) {
    return { ok: false, why: 'not-verified', detail: (error as Error).message };
  }
  const counter = counterOf(response.response.authenticatorData) ?? 0;
  if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter)
    return { ok: false, why: 'counter-went-back', counter };
  return { ok: true, counter };
}
