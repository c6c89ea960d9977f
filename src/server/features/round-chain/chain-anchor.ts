import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { type SignedHead, signedHeadText, signedLinkText } from '../../../shared/record/signed-head';
import { thumbprint } from '../../security/chain-key';

// The anchor of an export (decision 057): the server's signatures over its head and its links, checked
// against a public key the reader got elsewhere (the well-known address, a file). Without that key the
// signatures prove nothing: whoever rewrote the file could have signed it with a key of their own.

/** Public keys by their id: the RFC 7638 thumbprint, worked out here, never taken from the file. */
export type ChainKeys = Map<string, KeyObject>;

/** Why a key text cannot be used, in Norwegian, for the report. */
export class KeyUnreadable extends Error {}

function fromJwk(jwk: unknown): [string, KeyObject] {
  const j = jwk as { kty?: unknown; crv?: unknown; x?: unknown };
  if (j?.kty !== 'OKP' || j.crv !== 'Ed25519' || typeof j.x !== 'string')
    throw new KeyUnreadable('nøkkelen er ikke en Ed25519-nøkkel (kty OKP, crv Ed25519)');
  try {
    return [thumbprint(j.x), createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: j.x }, format: 'jwk' })];
  } catch {
    throw new KeyUnreadable('nøkkelens x er ikke en gyldig Ed25519-nøkkel');
  }
}

/** The keys in a JWK Set (as the well-known address serves it), a single JWK, or a PEM public key. */
export function parseChainKeys(text: string): ChainKeys {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    let key: KeyObject;
    try {
      key = createPublicKey(trimmed);
    } catch {
      throw new KeyUnreadable('PEM-teksten er ikke en offentlig nøkkel');
    }
    if (key.asymmetricKeyType !== 'ed25519') throw new KeyUnreadable('nøkkelen er ikke en Ed25519-nøkkel');
    return new Map([fromJwk(key.export({ format: 'jwk' }))]);
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new KeyUnreadable('verken JSON (JWK eller JWK Set) eller PEM');
  }
  const keys = (value as { keys?: unknown })?.keys;
  const list = Array.isArray(keys) ? keys : [value];
  if (list.length === 0) throw new KeyUnreadable('nøkkelsettet er tomt');
  return new Map(list.map(fromJwk));
}

const holds = (text: string, signature: unknown, key: KeyObject): boolean => {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
  return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64url'));
};

/** Whether a link's signature in an export holds for the key. */
export const linkSignatureHolds = (link: { seq: number; hash: string }, signature: unknown, key: KeyObject) =>
  holds(signedLinkText(link), signature, key);

/** Why a signed head does not hold for the keys, or null when it does. */
export function signedHeadProblem(head: Partial<SignedHead> | undefined, keys: ChainKeys): string | null {
  if (!head || typeof head.seq !== 'number' || typeof head.hash !== 'string' || typeof head.at !== 'string')
    return 'Kjedehodet er ikke signert av serveren';
  const key = typeof head.kid === 'string' ? keys.get(head.kid) : undefined;
  if (!key) return `Kjedehodet er signert med nøkkel ${String(head.kid)}, som ikke er blant nøklene du ga`;
  const text = signedHeadText({ seq: head.seq, hash: head.hash, at: head.at });
  return holds(text, head.signature, key) ? null : 'Serverens signatur av kjedehodet stemmer ikke';
}
