import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, PASSWORD, tokenOf } from '../../../../tests/setup/accounts';
import { createVerifiedUser } from '../../../../tests/setup/person';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { ACCOUNT_THROTTLED, ACCOUNT_WINDOW_MS, LOGIN_THROTTLED } from '../../security/login-throttle';
import { LOGIN_FAILED } from './auth.service';

// Decision 027 [ASVS V6.3.1]. Through one trusted proxy hop, 30 addresses made 300 failed logins on one
// account in about a minute, and 12 addresses of one IPv6 /64 made 120. Now: at most 100 failures an hour
// per account from all addresses, after which only a browser with the account's device cookie may try; an
// IPv6 client counts by its /64.

const PROXY = '10.0.0.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let accounts = 0;
async function newAccount(): Promise<string> {
  accounts += 1;
  const email = `gjettet${accounts}@example.no`;
  await createVerifiedUser(t.deps.db, email, 'Gina', 'Gjettet');
  return email;
}

const logIn = (email: string, password: string, address: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: PROXY,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': address, ...(device ? { cookie: device } : {}) },
  });

function deviceCookieFrom(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]).filter((c) => typeof c === 'string');
  const cookie = cookies.find((c) => c.startsWith('budrunde.device='));
  if (!cookie) throw new Error('no device cookie in the answer');
  return cookie.split(';')[0] ?? '';
}

/** 10 wrong passwords from each of `addresses`, as the sweep did: the status codes, in order. */
async function guessFrom(email: string, addresses: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const address of addresses) {
    for (let i = 0; i < 10; i++) codes.push((await logIn(email, `gjetning${i}`, address)).statusCode);
  }
  return codes;
}

const thirtyAddresses = Array.from({ length: 30 }, (_, i) => `198.51.100.${i + 1}`);

describe('one account guessed from many addresses', () => {
  it('300 failures from 30 addresses: the first 100 are tried, then 429 for every browser without the device cookie', async () => {
    const email = await newAccount();
    // The owner logged in from this browser last week.
    const device = deviceCookieFrom(await logIn(email, PASSWORD, '203.0.113.5'));
    t.clock.advance(7 * 24 * 3_600_000);

    const codes = await guessFrom(email, thirtyAddresses);
    expect(codes.slice(0, 100)).toEqual(Array(100).fill(401));
    expect(codes.slice(100)).toEqual(Array(200).fill(429));

    // A fresh address, right password, no device cookie: refused, with the account's message and an hour.
    const stranger = await logIn(email, PASSWORD, '192.0.2.200');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: ACCOUNT_THROTTLED });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_WINDOW_MS / 1000);

    // The owner's own browser gets in, from yet another address.
    const owner = await logIn(email, PASSWORD, '192.0.2.201', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().email).toBe(email);

    // Once the hour is over, anyone with the password may log in again.
    t.clock.advance(ACCOUNT_WINDOW_MS + 1000);
    expect((await logIn(email, PASSWORD, '192.0.2.202')).statusCode).toBe(200);
  });

  it('an unknown account is counted and answered exactly alike, so the limit tells no one who has an account', async () => {
    const email = await newAccount();
    const known = await guessFrom(
      email,
      thirtyAddresses.slice(0, 11).map((a) => a.replace('100', '101')),
    );
    const unknown = await guessFrom(
      'finnes-ikke@example.no',
      thirtyAddresses.slice(0, 11).map((a) => a.replace('100', '102')),
    );
    expect(known).toEqual(unknown);
    expect(known.filter((c) => c === 429)).toHaveLength(10);
    const answer = await logIn('finnes-ikke@example.no', 'gjetning', '192.0.2.210');
    expect(answer.json()).toEqual({ message: ACCOUNT_THROTTLED });
  });

  it('a password reset through the mailed link opens the account to every browser again', async () => {
    const email = await newAccount();
    await guessFrom(
      email,
      thirtyAddresses.slice(0, 11).map((a) => a.replace('100', '103')),
    );
    expect((await logIn(email, PASSWORD, '192.0.2.220')).statusCode).toBe(429);

    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.runJobs();
    const token = tokenOf(linkFrom((await t.mails(email)).at(-1), '/reset-password'));
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'nyttpass9', confirmPassword: 'nyttpass9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(email, 'nyttpass9', '192.0.2.221')).statusCode).toBe(200);
  });
});

describe('an IPv6 client counts by its /64', () => {
  it('12 addresses of one /64, 10 wrong passwords each: 10 are tried, the rest refused', async () => {
    const email = await newAccount();
    const addresses = Array.from({ length: 12 }, (_, i) => `2001:db8:7:1:${(i + 1).toString(16)}::9`);
    const codes = await guessFrom(email, addresses);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(110).fill(429));
    const refused = await logIn(email, PASSWORD, '2001:db8:7:1:ffff:ffff:ffff:ffff');
    expect(refused.json()).toEqual({ message: LOGIN_THROTTLED });
    // Another /64 is another client.
    expect((await logIn(email, PASSWORD, '2001:db8:7:2::9')).statusCode).toBe(200);
  });

  it('spraying many accounts from one /64 is stopped after 30 failures, as from one IPv4 address', async () => {
    const codes = [];
    for (let i = 0; i < 31; i++) {
      const from = `2001:db8:8:1:${i.toString(16)}::1`;
      codes.push((await logIn(`spray-${i}@example.no`, 'gjetning', from)).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes[30]).toBe(429);
    expect((await logIn('spray-x@example.no', 'gjetning', '2001:db8:8:2::1')).json()).toEqual({
      message: LOGIN_FAILED,
    });
  });
});
