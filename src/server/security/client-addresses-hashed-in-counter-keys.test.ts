import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEAR_FORMS, CLIENT_ADDRESSES, sendTrafficFrom } from '../../../tests/setup/client-traffic';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { createTestDatabase } from '../../../tests/setup/test-database';
import type { Database } from '../db/client';
import { addressBlock, hashAddress } from './client-address';
import { PgCounters } from './pg-counters';

// Decision 027: the rate-limit counters shared by all processes (PostgreSQL here, Redis in
// tests/redis) hold a keyed hash of the client's address, never the address itself.

let t: TestApp;
// The counters' own database, as a second process would see it. On PGlite, one connection, counting in the
// app's own database would wait behind the registration's transaction (which counts its mail) for ever;
// production counts in memory there.
let counters: Database;
beforeAll(async () => {
  counters = await createTestDatabase();
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, counters: () => new PgCounters(counters.db) });
});
afterAll(async () => {
  await t.close();
  await counters.close();
});

async function counterKeys(): Promise<string[]> {
  const result = await counters.db.execute(sql`select key from rate_limit_counters order by key`);
  return (result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
}

describe('client addresses in the PostgreSQL counter keys', () => {
  it('are stored as a keyed hash of the address (IPv6: of its /64), never in clear', async () => {
    for (const ip of CLIENT_ADDRESSES) await sendTrafficFrom(t, ip, 'nokkel@example.no');
    const keys = await counterKeys();
    for (const form of [...CLEAR_FORMS, 'nokkel@example.no']) {
      expect(keys.filter((k) => k.toLowerCase().includes(form))).toEqual([]);
    }
    const secret = t.deps.env.SESSION_SECRET;
    for (const ip of CLIENT_ADDRESSES) {
      const hashed = hashAddress(secret, ip);
      expect(hashed).toMatch(/^[0-9a-f]{16}$/);
      for (const scope of ['login-address', 'register-ip', 'reset-ip', 'verify-ip', 'reset-status-ip']) {
        expect(keys).toContain(`${scope}:${hashed}`);
      }
      expect(keys).toContain(`api:address:${hashed}`);
    }
  });

  it('count every address of one IPv6 /64 as one client', () => {
    const secret = t.deps.env.SESSION_SECRET;
    expect(addressBlock('2001:db8:77:1::5')).toBe('2001:db8:77:1::/64');
    expect(hashAddress(secret, '2001:0db8:0077:0001:ffff:1:2:3')).toBe(
      hashAddress(secret, '2001:db8:77:1::5'),
    );
    expect(hashAddress(secret, '2001:db8:77:2::5')).not.toBe(hashAddress(secret, '2001:db8:77:1::5'));
    expect(hashAddress(secret, '::ffff:198.51.100.77')).toBe(hashAddress(secret, '198.51.100.77'));
    expect(hashAddress('another-secret-another-secret-1234', '198.51.100.77')).not.toBe(
      hashAddress(secret, '198.51.100.77'),
    );
  });
});
