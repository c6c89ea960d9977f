import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../../tests/setup/accounts';
import { createVerifiedUser } from '../../../../tests/setup/person';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { DEVICE_TOKEN_TTL_MS, signDeviceToken } from '../../security/device-token';
import { LOGIN_THROTTLED, LOGIN_WINDOW_MS } from '../../security/login-throttle';
import { LOGIN_FAILED } from './auth.service';

// One nginx in front (TRUST_PROXY=1): every request comes from the proxy, and the client is the address the
// proxy appended to X-Forwarded-For.
const PROXY = '10.0.0.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let accounts = 0;
async function newAccount(): Promise<string> {
  accounts += 1;
  const email = `budgiver${accounts}@example.no`;
  await createVerifiedUser(t.deps.db, email, 'Bente', 'Budgiver');
  return email;
}

interface From {
  address: string;
  /** `budrunde.device=…`, as the browser would send it. */
  device?: string;
}

const logIn = (email: string, password: string, from: From) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: PROXY,
    headers: {
      origin: TEST_ORIGIN,
      'x-forwarded-for': from.address,
      ...(from.device ? { cookie: from.device } : {}),
    },
  });

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string');
};

/** The device cookie the login answer gave, ready to send back. */
function deviceCookieFrom(res: { headers: Record<string, unknown> }): string {
  const cookie = setCookies(res).find((c) => c.startsWith('budrunde.device='));
  if (!cookie) throw new Error('no device cookie in the answer');
  return cookie.split(';')[0] ?? '';
}

async function failures(email: string, count: number, from: From): Promise<number[]> {
  const codes = [];
  for (let i = 0; i < count; i++) codes.push((await logIn(email, 'feilpassord', from)).statusCode);
  return codes;
}

describe('failed logins do not lock the owner out', () => {
  it('50 wrong passwords from 50 addresses do not stop the right one from a 51st', async () => {
    const email = await newAccount();
    const codes = [];
    for (let i = 1; i <= 50; i++) {
      codes.push((await logIn(email, 'feilpassord', { address: `198.51.100.${i}` })).statusCode);
    }
    expect(codes).toEqual(Array(50).fill(401));
    const owner = await logIn(email, PASSWORD, { address: '198.51.100.51' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().email).toBe(email);
  });

  it('from one address: 429 after 10 wrong ones, yet the browser with a device cookie gets in', async () => {
    const email = await newAccount();
    const office = '203.0.113.9';
    // The owner logged in from this browser some days ago.
    const device = deviceCookieFrom(await logIn(email, PASSWORD, { address: office }));
    t.clock.advance(3 * 24 * 3_600_000);

    const codes = await failures(email, 50, { address: office });
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(40).fill(429));
    const refused = await logIn(email, 'feilpassord', { address: office });
    expect(refused.json()).toEqual({ message: LOGIN_THROTTLED });
    // A browser that has not logged in to this account is refused from that address, even with the right
    // password: the attacker and it cannot be told apart.
    expect((await logIn(email, PASSWORD, { address: office })).statusCode).toBe(429);

    const owner = await logIn(email, PASSWORD, { address: office, device });
    expect(owner.statusCode).toBe(200);
    expect(setCookies(owner)[0]).toMatch(/^budrunde\.sid=/);
    // The pair's count lasts its 15 minutes, then that address gets its 10 tries again.
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await logIn(email, PASSWORD, { address: office })).statusCode).toBe(200);
  });

  it('a correct password after a few typos is accepted, and clears the count', async () => {
    const email = await newAccount();
    const from = { address: '192.0.2.20' };
    expect(await failures(email, 9, from)).toEqual(Array(9).fill(401));
    expect((await logIn(email, PASSWORD, from)).statusCode).toBe(200);
    expect(await failures(email, 10, from)).toEqual(Array(10).fill(401));
  });

  it('one address spraying many accounts is stopped after 30 failures; known devices still get in', async () => {
    const sprayer = '192.0.2.66';
    const victim = await newAccount();
    const device = deviceCookieFrom(await logIn(victim, PASSWORD, { address: '192.0.2.67' }));
    const codes = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await logIn(`finnes-ikke-${i}@example.no`, 'feilpassord', { address: sprayer })).statusCode,
      );
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes[30]).toBe(429);
    expect((await logIn(victim, PASSWORD, { address: sprayer })).statusCode).toBe(429);
    expect((await logIn(victim, PASSWORD, { address: sprayer, device })).statusCode).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Lax, for 180 days, and comes after the session cookie', async () => {
    const email = await newAccount();
    const res = await logIn(email, PASSWORD, { address: '192.0.2.30' });
    const [session, device] = setCookies(res);
    expect(session).toMatch(/^budrunde\.sid=/);
    expect(device).toMatch(/^budrunde\.device=v1\.[0-9a-f-]{36}\.[\w-]{22}\.\d+\.[\w-]{43};/);
    expect(device).toContain('HttpOnly');
    expect(device).toContain('SameSite=Lax');
    expect(device).toContain('Path=/');
    expect(device).toContain(`Max-Age=${DEVICE_TOKEN_TTL_MS / 1000}`);
    expect(device).not.toContain('Secure');
    // Nothing is given for a failed login.
    expect(setCookies(await logIn(email, 'feilpassord', { address: '192.0.2.30' }))).toEqual([]);
  });

  it('keeps the same device id when the browser logs in again', async () => {
    const email = await newAccount();
    const first = deviceCookieFrom(await logIn(email, PASSWORD, { address: '192.0.2.31' }));
    t.clock.advance(60_000);
    const second = deviceCookieFrom(await logIn(email, PASSWORD, { address: '192.0.2.31', device: first }));
    // v1.<user id>.<device id>.<issued>.<mac>
    const deviceIdOf = (cookie: string) => cookie.split('=')[1]?.split('.')[2];
    expect(deviceIdOf(second)).toBe(deviceIdOf(first));
    expect(deviceIdOf(second)).toMatch(/^[\w-]{22}$/);
    expect(second).not.toBe(first);
  });

  it('caps failures per device at 20, so a stolen cookie cannot be used to guess the password', async () => {
    const email = await newAccount();
    const device = deviceCookieFrom(await logIn(email, PASSWORD, { address: '192.0.2.40' }));
    const thief = { address: '192.0.2.41', device };
    const codes = await failures(email, 21, thief);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes[20]).toBe(429);
    expect((await logIn(email, PASSWORD, thief)).statusCode).toBe(429);
    // The device's failures are its own: the owner on another browser is not affected.
    expect((await logIn(email, PASSWORD, { address: '192.0.2.42' })).statusCode).toBe(200);
  });

  it('is ignored when altered, expired, or made for another account', async () => {
    const email = await newAccount();
    const other = await newAccount();
    const from = '192.0.2.50';
    const good = deviceCookieFrom(await logIn(email, PASSWORD, { address: '192.0.2.51' }));
    const otherAccount = deviceCookieFrom(await logIn(other, PASSWORD, { address: from }));
    await failures(email, 10, { address: from });
    const [name, value = ''] = good.split('=');
    const altered = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const userId = value.split('.')[1] ?? '';
    const old = new Date(t.clock.now().getTime() - DEVICE_TOKEN_TTL_MS - 60_000);
    const expired = `budrunde.device=${signDeviceToken(t.deps.env.SESSION_SECRET, userId, old)}`;
    const forged = `budrunde.device=${signDeviceToken('some-other-secret-some-other-secret!', userId, t.clock.now())}`;
    for (const device of [altered, expired, forged, otherAccount]) {
      expect((await logIn(email, PASSWORD, { address: from, device })).statusCode).toBe(429);
    }
    expect((await logIn(email, PASSWORD, { address: from, device: good })).statusCode).toBe(200);
  });

  it('is Secure and __Host- over HTTPS', async () => {
    const https = await createTestApp({ env: { APP_URL: 'https://budrunde.example' } });
    try {
      await createVerifiedUser(https.deps.db, 'sikker@example.no', 'Siri', 'Sikker');
      const res = await https.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'sikker@example.no', password: PASSWORD },
        headers: { origin: 'https://budrunde.example' },
      });
      expect(res.statusCode).toBe(200);
      const device = setCookies(res).find((c) => c.startsWith('__Host-budrunde.device='));
      expect(device).toContain('Secure');
      expect(device).toContain('Path=/');
      expect(device).not.toContain('Domain');
    } finally {
      await https.close();
    }
  });
});

describe('answers', () => {
  it('a wrong password and an unknown account are alike, also when throttled', async () => {
    const email = await newAccount();
    const from = { address: '192.0.2.60' };
    const wrong = await failures(email, 11, from);
    const unknown = await failures('ukjent-konto@example.no', 11, from);
    expect(wrong).toEqual(unknown);
    expect((await logIn('ukjent-konto@example.no', 'feilpassord', from)).json()).toEqual({
      message: LOGIN_THROTTLED,
    });
    expect((await logIn(email, 'feilpassord', { address: '192.0.2.61' })).json()).toEqual({
      message: LOGIN_FAILED,
    });
  });
});
