import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser that has logged in stays known to the login throttle (OWASP "device cookies"). */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const VERSION = 'v1';

export interface DeviceToken {
  userId: string;
  /** Random per browser: the key of this device's own failure count. */
  deviceId: string;
  issuedAt: number;
}

// Its own key, derived from the secret, so this MAC can never be mistaken for a session cookie's signature.
const macOf = (secret: string, body: string) =>
  createHmac('sha256', createHmac('sha256', secret).update('budrunde device cookie v1').digest())
    .update(body)
    .digest('base64url');

/**
 * `v1.<user id>.<device id>.<issued, unix seconds>.<HMAC-SHA256>`. It names the account by id, not by
 * e-mail, so it keeps working after an address change and carries no personal data.
 */
export function signDeviceToken(secret: string, userId: string, now: Date, deviceId?: string): string {
  const body = [
    VERSION,
    userId,
    deviceId ?? randomBytes(16).toString('base64url'),
    Math.floor(now.getTime() / 1000),
  ].join('.');
  return `${body}.${macOf(secret, body)}`;
}

/** The token's content if it is ours, unaltered and younger than the TTL; null for anything else. */
export function readDeviceToken(secret: string, value: string | undefined, now: Date): DeviceToken | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, userId = '', deviceId = '', issued = '', mac = ''] = parts;
  const expected = Buffer.from(macOf(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(issued) * 1000;
  if (!Number.isInteger(issuedAt)) return null;
  const age = now.getTime() - issuedAt;
  // A token from the future is as suspect as an old one (allowing a minute for clocks between processes).
  if (age > DEVICE_TOKEN_TTL_MS || age < -60_000) return null;
  return { userId, deviceId, issuedAt };
}
