import type { RateLimiter } from './rate-limiter';

const MINUTE = 60_000;
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const ACCOUNT_WINDOW_MS = 60 * MINUTE;

/**
 * Failed logins allowed per 15-minute window (decision 012). An attempt is counted before the password is
 * checked and given back when it succeeds, so the counts are of failures and of attempts still under way.
 * - pair: one account from one address. What stops guessing at one account; an attacker elsewhere cannot
 *   fill the owner's count.
 * - address: all accounts from one address. Stops one client from spraying passwords over many accounts.
 * - account: one account from all addresses, per hour (LOGIN_FAILURES_PER_ACCOUNT_HOUR, default 100). Stops
 *   guessing spread over many addresses (a botnet, or one IPv6 /64 after another); once it is full, only a
 *   browser holding the account's device cookie may try until the hour is over.
 * - device: a browser holding a valid device cookie for the account. It skips the three above, so a rival
 *   sharing the owner's address (or faking failures from anywhere) cannot lock the owner out; its own cap
 *   is generous for a person and still far too low for guessing with a stolen cookie.
 */
export const LOGIN_LIMITS = { pair: 10, address: 30, device: 20 } as const;

/** Refused by the count of the pair or of the address: a password or a passkey login (LOGIN_LIMITS). */
export const LOGIN_THROTTLED = 'For mange innloggingsforsøk. Vent 15 minutter og prøv igjen.';

/** Refused because the account's own count is full: a longer wait, and the ways in that remain. */
export const ACCOUNT_THROTTLED =
  'For mange mislykkede innlogginger på denne kontoen. Logg inn fra en nettleser du har logget inn med før, tilbakestill passordet, eller prøv igjen om en time.';

export interface LoginClient {
  /** hashAccount() of the address typed in. */
  account: string;
  /** hashAddress() of the client's address: an IPv6 client counts by its /64. */
  address: string;
  /** Set when the request carries a valid device cookie for this very account. */
  deviceId?: string;
  /** Failures an hour on one account from clients without its device cookie. */
  accountLimit: number;
}

export interface LoginAttempt {
  allowed: boolean;
  /** When refused: whole seconds until the longest of the refusing windows ends. */
  retryAfterSec: number;
  /** When refused: whether the account's own count was among the reasons. */
  accountFull: boolean;
  /** Call once the password was right: gives the attempt back and forgets this client's failures. */
  succeeded(): Promise<void>;
}

interface Counter {
  key: string;
  limit: number;
  windowMs: number;
  /** On success: forget the failures (they were this client's), or just give back the attempt. */
  onSuccess: 'reset' | 'release';
  /** Counts only attempts whose password was checked: a refused one is given back. */
  onlyTried?: boolean;
}

const accountKey = (account: string) => `login-account:${account}`;

function countersFor(client: LoginClient): Counter[] {
  const window = LOGIN_WINDOW_MS;
  if (client.deviceId) {
    return [
      {
        key: `login-device:${client.deviceId}`,
        limit: LOGIN_LIMITS.device,
        windowMs: window,
        onSuccess: 'reset',
      },
    ];
  }
  return [
    {
      key: `login-pair:${client.account}:${client.address}`,
      limit: LOGIN_LIMITS.pair,
      windowMs: window,
      onSuccess: 'reset',
    },
    // Not reset: logging in to one's own account must not wipe the failures spread over other accounts.
    {
      key: `login-address:${client.address}`,
      limit: LOGIN_LIMITS.address,
      windowMs: window,
      onSuccess: 'release',
    },
    // Not reset either: the owner logging in from a new browser must not hand the guessers a fresh hundred.
    {
      key: accountKey(client.account),
      limit: client.accountLimit,
      windowMs: ACCOUNT_WINDOW_MS,
      onSuccess: 'release',
      // Attempts a client's own limits refused guessed nothing; counting them would let one address fill
      // the account's count without a single guess.
      onlyTried: true,
    },
  ];
}

/** Counts a login attempt on the counters that apply to this client, and says whether it may go ahead. */
export async function beginLoginAttempt(limiter: RateLimiter, client: LoginClient): Promise<LoginAttempt> {
  const counters = countersFor(client);
  // Every counter is hit, even after one refuses, so a client that keeps hammering stays refused.
  const results = await Promise.all(counters.map((c) => limiter.hit(c.key, c.limit, c.windowMs)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) {
    await Promise.all(counters.filter((c) => c.onlyTried).map((c) => limiter.release(c.key)));
  }
  return {
    allowed: refused.length === 0,
    retryAfterSec: Math.max(0, ...refused.map((r) => r.retryAfterSec)),
    accountFull: counters.some((c, i) => c.key === accountKey(client.account) && !results[i]?.allowed),
    async succeeded() {
      await Promise.all(
        counters.map((c) => (c.onSuccess === 'reset' ? limiter.reset(c.key) : limiter.release(c.key))),
      );
    },
  };
}

/**
 * Empties the account's own count: its password was just reset through the mailed link, which the guessers
 * do not have, so the owner may log in from any browser again.
 */
export function forgetAccountFailures(limiter: RateLimiter, account: string): Promise<void> {
  return limiter.reset(accountKey(account));
}
