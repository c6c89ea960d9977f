import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAddress } from '../../src/server/security/client-address';
import { RedisCounters } from '../../src/server/security/redis-counters';
import { CLEAR_FORMS, CLIENT_ADDRESSES, sendTrafficFrom } from '../setup/client-traffic';
import { createTestApp, type TestApp } from '../setup/test-app';

// Decision 027: with REDIS_URL, the counters' keys hold a keyed hash (SESSION_SECRET) of the client's
// address, never the address. A whole app counts in Redis here, under keys of this run's own.

const prefix = `budrunde-test:${randomUUID()}:`;
let redis: Redis;
let t: TestApp;

beforeAll(async () => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? '');
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, counters: () => new RedisCounters(redis, prefix) });
});
afterAll(async () => {
  await t.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('client addresses in the Redis keys', () => {
  it('are a keyed hash of the address (IPv6: of its /64), never in clear', async () => {
    for (const ip of CLIENT_ADDRESSES) await sendTrafficFrom(t, ip, 'redis-nokkel@example.no');
    const keys = (await redis.keys(`${prefix}*`)).map((k) => k.slice(prefix.length));
    expect(keys.length).toBeGreaterThan(10);
    for (const form of [...CLEAR_FORMS, 'redis-nokkel@example.no']) {
      expect(keys.filter((k) => k.toLowerCase().includes(form))).toEqual([]);
    }
    for (const ip of CLIENT_ADDRESSES) {
      const hashed = hashAddress(t.deps.env.SESSION_SECRET, ip);
      for (const scope of ['login-address', 'register-ip', 'reset-ip', 'verify-ip', 'reset-status-ip']) {
        expect(keys).toContain(`${scope}:${hashed}`);
      }
      expect(keys).toContain(`api:address:${hashed}`);
    }
  });
});
