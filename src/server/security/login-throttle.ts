import type { RateLimiter } from './rate-limiter';

const MINUTE = 60_000;
export const LOGIN_WINDOW_MS = 15 * MINUTE;

/**
 * Failed logins allowed per 15-minute window (decision 012). An attempt is counted before the password is
 * checked and given back when it succeeds, so the counts are of failures and of attempts still under way.
 * - pair: one account from one address. What stops guessing at one account; an attacker elsewhere cannot
 *   fill the owner's count.
 * - address: all accounts from one address. Stops one client from spraying passwords over many accounts.
 * - device: a browser holding a valid device cookie for the account. It skips the two above, so a rival
 *   sharing the owner's address (or faking failures) cannot lock the owner out; its own cap is generous for
 *   a person and still far too low for guessing with a stolen cookie.
 */
export const LOGIN_LIMITS = { pair: 10, address: 30, device: 20 } as const;

export interface LoginClient {
  /** hashAccount() of the address typed in. */
  account: string;
  ip: string;
  /** Set when the request carries a valid device cookie for this very account. */
  deviceId?: string;
}

export interface LoginAttempt {
  allowed: boolean;
  /** When refused: whole seconds until the longest of the refusing windows ends. */
  retryAfterSec: number;
  /** Call once the password was right: gives the attempt back and forgets this client's failures. */
  succeeded(): Promise<void>;
}

interface Counter {
  key: string;
  limit: number;
  /** On success: forget the failures (they were this client's), or just give back the attempt. */
  onSuccess: 'reset' | 'release';
}

function countersFor(client: LoginClient): Counter[] {
  if (client.deviceId) {
    return [{ key: `login-device:${client.deviceId}`, limit: LOGIN_LIMITS.device, onSuccess: 'reset' }];
  }
  return [
    { key: `login-pair:${client.account}:${client.ip}`, limit: LOGIN_LIMITS.pair, onSuccess: 'reset' },
    // Not reset: logging in to one's own account must not wipe the failures spread over other accounts.
    { key: `login-address:${client.ip}`, limit: LOGIN_LIMITS.address, onSuccess: 'release' },
  ];
}

/** Counts a login attempt on the counters that apply to this client, and says whether it may go ahead. */
export async function beginLoginAttempt(limiter: RateLimiter, client: LoginClient): Promise<LoginAttempt> {
  const counters = countersFor(client);
  // Every counter is hit, even after one refuses, so a client that keeps hammering stays refused.
  const results = await Promise.all(counters.map((c) => limiter.hit(c.key, c.limit, LOGIN_WINDOW_MS)));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSec: Math.max(0, ...refused.map((r) => r.retryAfterSec)),
    async succeeded() {
      await Promise.all(
        counters.map((c) => (c.onSuccess === 'reset' ? limiter.reset(c.key) : limiter.release(c.key))),
      );
    },
  };
}
