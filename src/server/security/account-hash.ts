import { createHmac } from 'node:crypto';

/**
 * A stable stand-in for an e-mail address in logs and rate-limit keys. Keyed with the server's secret: a plain
 * SHA-256 of an address can be reversed by hashing a list of known addresses, this cannot without the secret.
 * 64 bits are plenty to tell accounts apart in a log and in one process's counters.
 */
export function hashAccount(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update('budrunde account hash v1\0')
    .update(email.trim().toLowerCase())
    .digest('hex')
    .slice(0, 16);
}
