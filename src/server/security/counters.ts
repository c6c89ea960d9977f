import type { Clock } from '../clock';

export interface Count {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Fixed-window counters by key, behind every rate limit. In memory for one process (PGlite); in PostgreSQL
 * or Redis when several processes must count as one (pg-counters.ts, redis-counters.ts).
 */
export interface Counters {
  /** Counts one more for `key`, in the running window, or in a new one of `windowMs`. */
  increment(key: string, windowMs: number): Promise<Count>;
  /** Takes one back, if the window is still running. */
  decrement(key: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The shared counters could not be reached: the request gets a 503 to retry, as for the database. */
export class CountersUnavailable extends Error {
  constructor(cause: unknown) {
    super('rate-limit counters unavailable', { cause });
    this.name = 'CountersUnavailable';
  }
}

interface Window {
  startedAt: number;
  windowMs: number;
  count: number;
}

/** One process's counters, on its clock (tests move it). */
export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  async increment(key: string, windowMs: number): Promise<Count> {
    const now = this.clock.now().getTime();
    let current = this.windows.get(key);
    if (!current || now - current.startedAt >= current.windowMs) {
      current = { startedAt: now, windowMs, count: 0 };
      this.windows.set(key, current);
      this.prune(now);
    }
    current.count += 1;
    return { count: current.count, resetInMs: current.startedAt + current.windowMs - now };
  }

  async decrement(key: string): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  async remove(key: string): Promise<void> {
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
