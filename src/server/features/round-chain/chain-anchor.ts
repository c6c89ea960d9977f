import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  type ChainKeys,
  chainKeyOfJwk,
  KeyUnreadable,
  parseJwkKeys,
} from '../../../shared/chain-check/chain-anchor';

// The key texts `npm run verify-journal --key` reads (decision 057): a JWK Set, one JWK, or a PEM public key.
// The check itself is shared (src/shared/chain-check, decision 062); PEM stays here, since only the command
// reads it and node:crypto parses it, while the page /kontroller-budjournal fetches the JWK Set.

export { type ChainKeys, KeyUnreadable };

/** The keys in a JWK Set (as the well-known address serves it), a single JWK, or a PEM public key. */
export function parseChainKeys(text: string): ChainKeys {
  const trimmed = text.trim();
  if (!trimmed.startsWith('-----BEGIN')) return parseJwkKeys(trimmed);
  let key: KeyObject;
  try {
    key = createPublicKey(trimmed);
  } catch {
    throw new KeyUnreadable('PEM-teksten er ikke en offentlig nøkkel');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new KeyUnreadable('nøkkelen er ikke en Ed25519-nøkkel');
  return new Map([chainKeyOfJwk(key.export({ format: 'jwk' }))]);
}
