import { createPrivateKey, type KeyObject } from 'node:crypto';

// DER prefix of a PKCS #8 Ed25519 private key (RFC 8410): what precedes the 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * An Ed25519 private key from the text of CHAIN_SIGNING_KEY (decision 057): PEM (PKCS #8), or base64 of
 * either the 32-byte seed or the PKCS #8 DER. Null when it is none of these, or a key of another kind.
 */
export function parseEd25519PrivateKey(text: string): KeyObject | null {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.includes('-----BEGIN')) key = createPrivateKey({ key: trimmed.replace(/\\n/g, '\n') });
    else {
      const bytes = Buffer.from(trimmed, 'base64');
      if (bytes.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
      const der = bytes.length === 32 ? Buffer.concat([PKCS8_ED25519_PREFIX, bytes]) : bytes;
      key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    }
  } catch {
    return null;
  }
  return key.asymmetricKeyType === 'ed25519' ? key : null;
}
