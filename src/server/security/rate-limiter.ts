import { TooManyRequests } from '../errors';
import type { Counters } from './counters';

export interface Hit {
  allowed: boolean;
  /** Whole seconds until the window ends: the Retry-After of a refusal. */
  retryAfterSec: number;
}

/**
 * The sensitive limits (login, registration, resends, password resets, uploads), keyed by what they need,
 * e-mail addresses from the body included, which @fastify/rate-limit cannot see before the body is parsed.
 * Keys are `scope:part:part`, e.g. `register-ip:<address hash>` or `login-pair:<account hash>:<address hash>`:
 * addresses and e-mail addresses go in only as keyed hashes (client-address.ts, account-hash.ts), so the
 * counters in Redis or PostgreSQL hold neither.
 */
export class RateLimiter {
  constructor(private readonly counters: Counters) {}

  /** Counts one attempt, and says whether `key` is still within `limit` in its window of `windowMs`. */
  async hit(key: string, limit: number, windowMs: number): Promise<Hit> {
    const { count, resetInMs } = await this.counters.increment(key, windowMs);
    return { allowed: count <= limit, retryAfterSec: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }

  /** hit(), refusing with 429 and Retry-After when the limit is used up. */
  async enforce(key: string, limit: number, windowMs: number, message?: string): Promise<void> {
    const { allowed, retryAfterSec } = await this.hit(key, limit, windowMs);
    if (!allowed) throw new TooManyRequests(message, retryAfterSec);
  }

  /**
   * Takes back one attempt counted by hit(). Login counts an attempt before it checks the password, so that
   * a burst of parallel guesses cannot all pass the check before the first one fails; a success then gives
   * its attempt back without wiping the failures that came before it.
   */
  release(key: string): Promise<void> {
    return this.counters.decrement(key);
  }

  reset(key: string): Promise<void> {
    return this.counters.remove(key);
  }
}
