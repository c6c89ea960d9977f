import { afterEach, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../tests/setup/admin';
import { createRoundAs } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { RATE_LIMITED_MESSAGE } from './api-rate-limit';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const get = (app: TestApp, url: string, cookie?: string) =>
  app.request({ method: 'GET', url, ...(cookie ? { cookie } : {}), remoteAddress: '203.0.113.9' });

describe('the general API limit', () => {
  it('counts visitors per address, and refuses with 429, Retry-After and the Norwegian message', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ADDRESS_PER_MIN: '3', RATE_LIMIT_USER_PER_MIN: '5' } });
    const app = t;
    for (let i = 0; i < 3; i++) expect((await get(app, '/api/bid-rounds/active')).statusCode).toBe(200);
    const refused = await get(app, '/api/bid-rounds/active');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    const elsewhere = await app.request({
      method: 'GET',
      url: '/api/bid-rounds/active',
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts signed-in users each on their own, behind one address', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ADDRESS_PER_MIN: '3', RATE_LIMIT_USER_PER_MIN: '5' } });
    const app = t;
    const anna = await signInVerified(app, 'anna@example.no');
    const bjorn = await signInVerified(app, 'bjorn@example.no');
    for (let i = 0; i < 5; i++) expect((await get(app, '/api/bid-rounds/active', anna)).statusCode).toBe(200);
    expect((await get(app, '/api/bid-rounds/active', anna)).statusCode).toBe(429);
    expect((await get(app, '/api/bid-rounds/active', bjorn)).statusCode).toBe(200);
  });

  it('is off at 0, while the login limit stays on', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ADDRESS_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0' } });
    const app = t;
    for (let i = 0; i < 50; i++) expect((await get(app, '/api/bid-rounds/active')).statusCode).toBe(200);
    const login = (i: number) =>
      app.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ingen@example.no', password: `feil-${i}` },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 10; i++) expect((await login(i)).statusCode).toBe(401);
    const refused = await login(10);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets 30 signed-in users behind one address poll a round page for a minute without a 429', async () => {
    t = await createTestApp();
    const app = t;
    const seller = await signInVerified(app, 'selger@example.no');
    const round = await createRoundAs(app, seller);
    const users = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInVerified(app, `kollega-${i}@example.no`)),
    );
    // A round page polls three endpoints every 5 s: 12 polls a minute, all sent here within one window.
    const statuses: number[] = [];
    for (let poll = 0; poll < 12; poll++) {
      const answers = await Promise.all(
        users.flatMap((cookie) => [
          get(app, `/api/bid-rounds/${round.id}`, cookie),
          get(app, `/api/bid-rounds/${round.id}/bids`, cookie),
          get(app, '/api/auth/user', cookie),
        ]),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses).toHaveLength(30 * 3 * 12);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
