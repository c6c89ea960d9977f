import type { Clock } from '../clock';

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed-window counters by key, such as `login-account:kari@example.no`. @fastify/rate-limit keys only on
 * what it sees before the body is parsed, while these limits need the e-mail address in the body.
 * In-memory: one process's view, which is what the embedded default runs.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  /** Counts one attempt. Returns false when `key` has used its `limit` within `windowMs`. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || now - current.startedAt >= windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.prune(now, windowMs);
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  // Keeps the map from growing without bound under a flood of distinct keys.
  private prune(now: number, windowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
    }
  }
}
