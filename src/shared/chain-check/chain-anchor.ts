import { ed25519 } from '@noble/curves/ed25519';
import { type SignedHead, signedHeadText, signedLinkText } from '../record/signed-head';
import { fromBase64url, sha256Bytes, toBase64url, utf8 } from './bytes';

// The anchor of an export (decision 057): the server's signatures over its head and its links, checked
// against a public key the reader got elsewhere (the well-known address, a file). Without that key the
// signatures prove nothing: whoever rewrote the file could have signed it with a key of their own.
// Ed25519 by @noble/curves, so that the page /kontroller-budjournal and `npm run verify-journal` run the
// same check (decision 062).

/** Public keys (the raw 32 bytes) by their id: the RFC 7638 thumbprint, worked out here, never taken from the file. */
export type ChainKeys = Map<string, Uint8Array>;

/** Why a key text cannot be used, in Norwegian, for the report. */
export class KeyUnreadable extends Error {}

/** The key's id: its JWK thumbprint (RFC 7638), as the server's chain-key.ts works it out. */
export const thumbprint = (x: string): string =>
  toBase64url(sha256Bytes(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`));

/** One JWK (kty OKP, crv Ed25519) as its id and its raw public key. */
export function chainKeyOfJwk(jwk: unknown): [string, Uint8Array] {
  const j = jwk as { kty?: unknown; crv?: unknown; x?: unknown } | null;
  if (j?.kty !== 'OKP' || j.crv !== 'Ed25519' || typeof j.x !== 'string')
    throw new KeyUnreadable('nøkkelen er ikke en Ed25519-nøkkel (kty OKP, crv Ed25519)');
  const raw = /^[A-Za-z0-9_-]{43}$/.test(j.x) ? fromBase64url(j.x) : new Uint8Array();
  // The length only, as node:crypto's import did: a point off the curve fails at the signature instead.
  if (raw.length !== 32) throw new KeyUnreadable('nøkkelens x er ikke en gyldig Ed25519-nøkkel');
  return [thumbprint(j.x), raw];
}

/** The keys in a JWK Set (as the well-known address serves it) or a single JWK, as JSON text. */
export function parseJwkKeys(text: string): ChainKeys {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyUnreadable('verken JSON (JWK eller JWK Set) eller PEM');
  }
  const keys = (value as { keys?: unknown } | null)?.keys;
  const list = Array.isArray(keys) ? keys : [value];
  if (list.length === 0) throw new KeyUnreadable('nøkkelsettet er tomt');
  return new Map(list.map(chainKeyOfJwk));
}

const holds = (text: string, signature: unknown, key: Uint8Array): boolean => {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
  try {
    // zip215: false is RFC 8032's strict check, as node:crypto's verify (which checked before) does.
    return ed25519.verify(fromBase64url(signature), utf8(text), key, { zip215: false });
  } catch {
    return false;
  }
};

/** Whether a link's signature in an export holds for the key. */
export const linkSignatureHolds = (
  link: { seq: number; hash: string },
  signature: unknown,
  key: Uint8Array,
) => holds(signedLinkText(link), signature, key);

/** Why a signed head does not hold for the keys, or null when it does. */
export function signedHeadProblem(head: Partial<SignedHead> | undefined, keys: ChainKeys): string | null {
  if (!head || typeof head.seq !== 'number' || typeof head.hash !== 'string' || typeof head.at !== 'string')
    return 'Kjedehodet er ikke signert av serveren';
  const key = typeof head.kid === 'string' ? keys.get(head.kid) : undefined;
  if (!key) return `Kjedehodet er signert med nøkkel ${String(head.kid)}, som ikke er blant nøklene du ga`;
  const text = signedHeadText({ seq: head.seq, hash: head.hash, at: head.at });
  return holds(text, head.signature, key) ? null : 'Serverens signatur av kjedehodet stemmer ikke';
}
