import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../tests/setup/test-clock';
import { createTestDatabase } from '../../../tests/setup/test-database';
import type { Database } from '../db/client';
import { MemoryCounters } from './counters';
import { deleteExpiredCounters, PgCounters } from './pg-counters';
import { RateLimiter } from './rate-limiter';

const MINUTE = 60_000;
/** n attempts one after the other; whether each was allowed. */
async function hits(limiter: RateLimiter, key: string, n: number, limit: number, windowMs = MINUTE) {
  const allowed: boolean[] = [];
  for (let i = 0; i < n; i++) allowed.push((await limiter.hit(key, limit, windowMs)).allowed);
  return allowed;
}

describe('RateLimiter in memory', () => {
  it('refuses after the limit within the window, says when to retry, and allows again once it has passed', async () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(new MemoryCounters(clock));
    expect(await hits(limiter, 'k', 4, 3)).toEqual([true, true, true, false]);
    clock.advance(20_000);
    expect(await limiter.hit('k', 3, MINUTE)).toEqual({ allowed: false, retryAfterSec: 40 });
    clock.advance(40_000);
    expect((await limiter.hit('k', 3, MINUTE)).allowed).toBe(true);
  });

  it('release gives one attempt back; reset forgets the key', async () => {
    const limiter = new RateLimiter(new MemoryCounters(new TestClock()));
    await hits(limiter, 'k', 3, 3);
    await limiter.release('k');
    expect(await hits(limiter, 'k', 2, 3)).toEqual([true, false]);
    await limiter.reset('k');
    expect((await limiter.hit('k', 3, MINUTE)).allowed).toBe(true);
  });

  it('a flood of short-lived keys does not wipe a longer window early', async () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(new MemoryCounters(clock));
    await hits(limiter, 'hourly', 3, 3, 60 * MINUTE);
    clock.advance(20 * MINUTE);
    for (let i = 0; i < 10_001; i++) await limiter.hit(`flood-${i}`, 1, 15 * MINUTE);
    expect((await limiter.hit('hourly', 3, 60 * MINUTE)).allowed).toBe(false);
  });
});

describe('RateLimiter on the database (shared by processes)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts one window for all its users, in parallel, and gives attempts back', async () => {
    // Two limiters on one database: two processes.
    const one = new RateLimiter(new PgCounters(database.db));
    const two = new RateLimiter(new PgCounters(database.db));
    const both = await Promise.all([hits(one, 'login:x', 3, 5), hits(two, 'login:x', 3, 5)]);
    expect(both.flat().filter(Boolean)).toHaveLength(5);
    const refused = await one.hit('login:x', 5, MINUTE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSec).toBeGreaterThan(50);
    expect(refused.retryAfterSec).toBeLessThanOrEqual(60);
    await two.reset('login:x');
    expect((await one.hit('login:x', 5, MINUTE)).allowed).toBe(true);
    await two.release('login:x');
    expect(await hits(one, 'login:x', 5, 5)).toEqual([true, true, true, true, true]);
  });

  it('starts a new window once the old one has passed, and the sweep drops passed windows', async () => {
    const limiter = new RateLimiter(new PgCounters(database.db));
    expect(await hits(limiter, 'short', 2, 1, 200)).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await deleteExpiredCounters(database.db);
    expect((await limiter.hit('short', 1, 200)).allowed).toBe(true);
  });
});
