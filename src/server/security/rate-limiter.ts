import type { Clock } from '../clock';

interface Window {
  startedAt: number;
  windowMs: number;
  count: number;
}

/**
 * Fixed-window counters by key. @fastify/rate-limit keys only on what it sees before the body is parsed,
 * while these limits need the e-mail address in the body. In-memory: one process's view, which is what the
 * embedded default runs (a shared store is another change).
 *
 * Keys are `scope:part:part`, e.g. `register-ip:10.0.0.7`, or `login-pair:<account hash>:<address>`. The
 * login limits hash the account (see login-throttle.ts), so no e-mail address is kept here.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  /** Counts one attempt. Returns false when `key` has used its `limit` within `windowMs`. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || now - current.startedAt >= windowMs) {
      this.windows.set(key, { startedAt: now, windowMs, count: 1 });
      this.prune(now);
      return 1 <= limit;
    }
    current.count += 1;
    return current.count <= limit;
  }

  /**
   * Takes back one attempt counted by hit(). Login counts an attempt before it checks the password, so that
   * a burst of parallel guesses cannot all pass the check before the first one fails; a success then gives
   * its attempt back without wiping the failures that came before it.
   */
  release(key: string): void {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  // Keeps the map from growing without bound under a flood of distinct keys. Each window is judged by its own
  // length, so a flood of short-lived keys cannot wipe an hour-long count early.
  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= window.windowMs) this.windows.delete(key);
    }
  }
}
