import { verifySignature } from '@simplewebauthn/server/helpers';
import { concatBytes, equalBytes, fromBase64url, sha256Bytes, toBase64url, utf8, utf8Text } from './bytes';

// A passkey's signature in the chain (decision 039), checked from what the act itself carries: the COSE
// public key, the authenticator data, the client data and the signature. No database and no passkeys table:
// a participant checks it offline with the export alone (verify-journal, the page /kontroller-budjournal),
// an admin on the stored chain. @simplewebauthn's helpers verify through WebCrypto (globalThis.crypto), so
// the same code runs in the browser and in Node (decision 062).

const bytes = fromBase64url;

/** WebAuthn's authenticator data flags (byte 32): user present, user verified. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;

export interface RelyingParty {
  id: string;
  origin: string;
}

interface SignatureParts {
  publicKey: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

/** The signature holds, with the challenge it answered; or why it does not (Norwegian, for the report). */
export type SignatureCheck = { ok: true; challenge: string } | { ok: false; reason: string };

const isParts = (value: unknown): value is SignatureParts => {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['publicKey', 'authenticatorData', 'clientDataJSON', 'signature'].every((k) => typeof v[k] === 'string')
  );
};

/**
 * Checks as a relying party would: the client data says 'webauthn.get' from our origin, the authenticator
 * data is for our RP ID with the user verified, and the signature over authenticatorData ‖ SHA-256(client
 * data) holds for the public key. The counter is not judged: it says nothing about an act already made.
 */
export async function checkChainSignature(value: unknown, rp: RelyingParty): Promise<SignatureCheck> {
  if (!isParts(value)) return { ok: false, reason: 'Signaturen mangler deler (nøkkel, data eller signatur)' };
  const authenticatorData = bytes(value.authenticatorData);
  const clientDataJSON = bytes(value.clientDataJSON);
  let client: { type?: unknown; origin?: unknown; challenge?: unknown };
  try {
    client = JSON.parse(utf8Text(clientDataJSON));
  } catch {
    return { ok: false, reason: 'Signaturens klientdata kan ikke leses' };
  }
  if (client.type !== 'webauthn.get')
    return { ok: false, reason: 'Signaturen er ikke en signering med passnøkkel (webauthn.get)' };
  if (client.origin !== rp.origin)
    return { ok: false, reason: `Signaturen er laget for et annet nettsted enn ${rp.origin}` };
  if (typeof client.challenge !== 'string')
    return { ok: false, reason: 'Signaturens klientdata mangler utfordringen' };
  if (authenticatorData.length < 37) return { ok: false, reason: 'Autentiseringsdataene er ufullstendige' };
  if (!equalBytes(authenticatorData.subarray(0, 32), sha256Bytes(rp.id)))
    return { ok: false, reason: `Signaturen gjelder en annen tjeneste enn ${rp.id}` };
  const flags = authenticatorData[32] ?? 0;
  if (!(flags & USER_PRESENT) || !(flags & USER_VERIFIED))
    return {
      ok: false,
      reason: 'Brukeren ble ikke bekreftet (fingeravtrykk, ansikt eller PIN) ved signeringen',
    };
  const data = concatBytes(authenticatorData, sha256Bytes(clientDataJSON));
  let holds: boolean;
  try {
    holds = await verifySignature({
      signature: bytes(value.signature),
      data,
      credentialPublicKey: bytes(value.publicKey),
    });
  } catch {
    return { ok: false, reason: 'Passnøkkelens offentlige nøkkel kan ikke leses' };
  }
  if (!holds) return { ok: false, reason: 'Signaturen stemmer ikke med passnøkkelens offentlige nøkkel' };
  return { ok: true, challenge: client.challenge };
}

/** The challenge a signature over `signedAct` answers (decision 039): base64url(SHA-256(act ‖ nonce)). */
export function challengeOf(signedAct: string, nonce: string): string {
  return toBase64url(sha256Bytes(concatBytes(utf8(signedAct), fromBase64url(nonce))));
}
