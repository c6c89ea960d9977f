import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/setup/test-app';

// A test-only route that says which address the app believes the client has.
const echoIp = (app: FastifyInstance) => {
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
};

const ipSeen = async (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/test/ip',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (res.json() as { ip: string }).ip;
};

describe('TRUST_PROXY=1: one proxy in front, trusted by hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' }, extend: echoIp });
  });
  afterAll(() => t.close());

  it('takes the address the proxy appended, whatever the client wrote before it', async () => {
    expect(await ipSeen(t, '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the real address.
    expect(await ipSeen(t, '10.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(t, '10.0.0.1', '127.0.0.1, 10.0.0.1, 1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(t, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('forged X-Forwarded-For values do not get around the per-address login limit', async () => {
    const codes = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'offer@example.no', password: 'feilpassord' },
        remoteAddress: '10.0.0.1',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `198.18.0.${i}, 203.0.113.8` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' }, extend: echoIp });
  });
  afterAll(() => t.close());

  it('skips only the listed proxies, and believes no header from anyone else', async () => {
    expect(await ipSeen(t, '10.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(t, '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.2.0.3')).toBe('203.0.113.7');
    expect(await ipSeen(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });
});

describe('no TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extend: echoIp });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For altogether', async () => {
    expect(await ipSeen(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });
});
