import { createHash, randomBytes } from 'node:crypto';

/** A single-use secret for an e-mail link: 256 random bits. Only its hash is ever stored. */
export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
