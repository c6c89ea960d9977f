import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { openCounters } from '../../src/server/security/open-counters';
import { RateLimiter } from '../../src/server/security/rate-limiter';
import { RedisCounters } from '../../src/server/security/redis-counters';

// The counters that REDIS_URL selects, against the Redis that CI runs; each run uses keys of its own.
const url = process.env.TEST_REDIS_URL ?? '';
let redis: Redis;
let other: Redis;
const prefix = `budrunde-test:${randomUUID()}:`;

beforeAll(() => {
  redis = new Redis(url);
  other = new Redis(url);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await Promise.all([redis.quit(), other.quit()]);
});

describe('rate-limit counters in Redis', () => {
  it('are shared by two processes, refuse past the limit with the time left, and give attempts back', async () => {
    const one = new RateLimiter(new RedisCounters(redis, prefix));
    const two = new RateLimiter(new RedisCounters(other, prefix));
    const allowed = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).hit('login:x', 5, 60_000)),
    );
    expect(allowed.filter((h) => h.allowed)).toHaveLength(5);
    const refused = await one.hit('login:x', 5, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSec).toBeGreaterThan(50);
    await two.release('login:x');
    await two.release('login:x');
    expect((await one.hit('login:x', 5, 60_000)).allowed).toBe(false);
    await one.reset('login:x');
    expect((await two.hit('login:x', 5, 60_000)).allowed).toBe(true);
  });

  it('start a new window when the old one expires', async () => {
    const limiter = new RateLimiter(new RedisCounters(redis, prefix));
    expect((await limiter.hit('short', 1, 200)).allowed).toBe(true);
    expect((await limiter.hit('short', 1, 200)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await limiter.hit('short', 1, 200)).allowed).toBe(true);
  });

  it('stop the start with a clear message when REDIS_URL does not answer', async () => {
    const env = parseEnv({
      DATA_DIR: '/tmp',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
      REDIS_URL: 'redis://127.0.0.1:1/0',
    });
    await expect(openCounters(env, { kind: 'pg' } as Database)).rejects.toThrow(
      /REDIS_URL: Redis at 127\.0\.0\.1:1 does not answer/,
    );
  });
});
