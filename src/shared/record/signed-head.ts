import { canonicalJson } from '../signing/canonical-json';

// What the server's chain key signs (decision 057): an anchor a participant holds, which the database cannot
// forge. A head says "at this time, the round's chain ended here"; a link signature, in an export, says "this
// is link nr. seq of the chain", so that the first link rewritten in a file is the first to fail. Two formats,
// so that a link's signature can never stand in for a head's and hide a cut-off chain. The hash already
// covers the round and every act before it.

export const SIGNED_HEAD_FORMAT = 'budrunde-kjedehode/1';
export const SIGNED_LINK_FORMAT = 'budrunde-kjedelenke/1';

/** A chain head with the server's Ed25519 signature over it. */
export interface SignedHead {
  seq: number;
  hash: string;
  /** When the server signed it: the chain ended at this link then. ISO 8601. */
  at: string;
  /** The signing key's id: its JWK thumbprint, listed at /.well-known/budrunde-chain-key.json. */
  kid: string;
  /** Ed25519 over signedHeadText, base64url. */
  signature: string;
}

/** The exact text a head's signature covers. */
export function signedHeadText(head: { seq: number; hash: string; at: string }): string {
  return canonicalJson({ format: SIGNED_HEAD_FORMAT, seq: head.seq, hash: head.hash, at: head.at });
}

/** The exact text a link's signature in an export covers. */
export function signedLinkText(link: { seq: number; hash: string }): string {
  return canonicalJson({ format: SIGNED_LINK_FORMAT, seq: link.seq, hash: link.hash });
}

/** The public key as a JWK (RFC 8037). */
export interface ChainPublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}
