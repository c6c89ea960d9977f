import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkFrom,
  login,
  PASSWORD,
  register,
  registrationPayload,
  signUp,
  tokenOf,
} from '../../../../tests/setup/accounts';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';
import { users } from '../../db/schema';
import { LOGIN_FAILED, VERIFICATION_TTL_MS } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (token: string) =>
  t.request({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
const userRow = async (email: string) =>
  (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];

describe('registration', () => {
  it('creates an unverified user with combined phone and address, and mails a verification link', async () => {
    const res = await register(t, 'kari@example.no', { bankContactPhoneNumber: '91555555', bankName: 'DNB' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registrering sendt inn' });
    const row = await userRow('kari@example.no');
    expect(row).toMatchObject({
      emailVerified: false,
      phone: '+47 41234567',
      address: 'Storgata 1, 0155 Oslo',
      bankName: 'DNB',
      bankContactPhone: '+47 91555555',
      isAdmin: false,
    });
    await t.runJobs();
    const [mail] = await t.mails('kari@example.no');
    expect(mail?.subject).toBe('Bekreft e-postadressen din hos Budrunde');
    const link = linkFrom(mail, '/verify-email');
    expect(link.startsWith('http://localhost:5000/verify-email?token=')).toBe(true);
    expect(tokenOf(link).length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(mail?.html).toContain(link.replaceAll('&', '&amp;'));
    // Only the hash is stored.
    expect((await userRow('kari@example.no'))?.emailVerificationToken).not.toContain(tokenOf(link));
  });

  it('ignores isAdmin and other fields the form does not have', async () => {
    expect((await register(t, 'sneaky@example.no', { isAdmin: true, emailVerified: true })).statusCode).toBe(
      201,
    );
    expect(await userRow('sneaky@example.no')).toMatchObject({ isAdmin: false, emailVerified: false });
  });

  it('answers a taken address, whatever its case, as a new one, and changes nothing on the account', async () => {
    const res = await register(t, 'KARI@example.no', { firstName: 'Inntrenger' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registrering sendt inn' });
    expect(await userRow('kari@example.no')).toMatchObject({ firstName: 'Kari', emailVerified: false });
    expect(await userRow('KARI@example.no')).toBeUndefined();
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'Fornavn er påkrevd'],
    [{ lastName: '' }, 'lastName', 'Etternavn er påkrevd'],
    [{ email: 'ikke-en-epost' }, 'email', 'Ugyldig e-postadresse'],
    [{ password: '12345' }, 'password', 'Passord må være minst 6 tegn'],
    [{ countryCode: '+99' }, 'countryCode', 'Landkode er påkrevd'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Telefonnummer er påkrevd'],
    [
      { phoneNumber: '1234567' },
      'phoneNumber',
      'Norske nummer (+47) må ha nøyaktig 8 siffer. Andre land: 7-15 siffer.',
    ],
    [
      { countryCode: '+46', phoneNumber: '123' },
      'phoneNumber',
      'Norske nummer (+47) må ha nøyaktig 8 siffer. Andre land: 7-15 siffer.',
    ],
    [{ streetAddress: 'Gt 1' }, 'streetAddress', 'Gateadresse er påkrevd'],
    [{ postalCode: '015' }, 'postalCode', 'Postnummer er påkrevd'],
    [{ city: 'O' }, 'city', 'Sted er påkrevd'],
    [{ agreeToTerms: false }, 'agreeToTerms', 'Du må godta vilkårene'],
    [
      { bankContactPhoneNumber: '12' },
      'bankContactPhoneNumber',
      'Norske nummer (+47) må ha nøyaktig 8 siffer. Andre land: 7-15 siffer.',
    ],
  ])('refuses %o: %s “%s”, and stores nothing', async (overrides, path, message) => {
    const email = `bad-${path}@example.no`;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationPayload(email, overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await userRow('email' in overrides ? overrides.email : email)).toBeUndefined();
  });
});

describe('e-mail verification and login', () => {
  it('refuses login before verification with requiresEmailVerification', async () => {
    const res = await login(t, 'kari@example.no');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Du må verifisere e-postadressen din før du kan logge inn.',
      requiresEmailVerification: true,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('verifies with the mailed link once; a reused, unknown or missing token is a clear 400', async () => {
    const token = tokenOf(linkFrom((await t.mails('kari@example.no')).at(-1), '/verify-email'));
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      verified: true,
      message: 'E-postadressen din er bekreftet. Du kan nå logge inn.',
    });
    expect((await userRow('kari@example.no'))?.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      verified: false,
      message: expect.stringContaining('ugyldig eller utløpt'),
    });
    expect((await verify('x'.repeat(43))).statusCode).toBe(400);
    const missing = await t.request({ method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Ugyldig verifikasjonslenke');
  });

  it('a verification link expires after 24 hours', async () => {
    await register(t, 'sen@example.no');
    await t.runJobs();
    const token = tokenOf(linkFrom((await t.mails('sen@example.no')).at(-1), '/verify-email'));
    t.clock.advance(VERIFICATION_TTL_MS + 60_000);
    expect((await verify(token)).statusCode).toBe(400);
    expect((await userRow('sen@example.no'))?.emailVerified).toBe(false);
  });

  it('logs in with a new session id, and /api/auth/user never shows the hash or tokens', async () => {
    const res = await login(t, 'Kari@Example.no');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'kari@example.no', firstName: 'Kari', isAdmin: false });
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const again = sessionCookieFrom((await login(t, 'kari@example.no')).headers['set-cookie']);
    expect(again).not.toBe(cookie);
    const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).not.toMatch(/argon2|password|token/i);
  });

  it('regenerates the session id when a session already exists', async () => {
    const first = sessionCookieFrom((await login(t, 'kari@example.no')).headers['set-cookie']);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'kari@example.no', password: PASSWORD },
      cookie: first,
    });
    const second = sessionCookieFrom(res.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: first })).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const unknown = await login(t, 'nobody@example.no', 'whatever1');
    const wrong = await login(t, 'kari@example.no', 'feilpassord');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: LOGIN_FAILED });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('validates the login form on the server', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'email', message: 'Ugyldig e-postadresse' },
      { path: 'password', message: 'Passord må være minst 6 tegn' },
    ]);
  });

  it('logout ends the session', async () => {
    const cookie = sessionCookieFrom((await login(t, 'kari@example.no')).headers['set-cookie']);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
  });

  it('GET /api/login sends the browser to the login dialog', async () => {
    const res = await t.request({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=1');
  });
});

describe('resend verification', () => {
  it('answers the same for known, verified and unknown addresses, and mails only the unverified', async () => {
    await register(t, 'resend@example.no');
    await t.runJobs();
    const before = (await t.mails()).length;
    const answers = [];
    for (const email of ['resend@example.no', 'kari@example.no', 'nobody@example.no']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email },
      });
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await t.runJobs();
    const sent = (await t.mails()).slice(before);
    expect(sent.map((m) => m.to)).toEqual(['resend@example.no']);
    // The new link works and replaces the old one.
    const first = tokenOf(linkFrom((await t.mails('resend@example.no'))[0], '/verify-email'));
    const latest = tokenOf(linkFrom(sent[0], '/verify-email'));
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(latest)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  // Per account and address: decision 012. login-lockout-by-rivals.test.ts covers other addresses and devices.
  it('limit failed logins per account and address', async () => {
    await signUp(t, 'limit@example.no');
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await login(t, 'limit@example.no', 'feilpassord')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const last = await login(t, 'limit@example.no');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('For mange innloggingsforsøk. Vent 15 minutter og prøv igjen.');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, 'limit@example.no')).statusCode).toBe(200);
  });

  it('limit resend per address silently and per IP visibly', async () => {
    const resend = (email: string, ip = '10.0.0.9') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email },
        headers: { origin: 'http://localhost:5000' },
        remoteAddress: ip,
      });
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await resend(`spam${i % 2}@example.no`)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    expect((await resend('spam0@example.no')).statusCode).toBe(429);
    expect((await resend('spam0@example.no', '10.0.0.10')).statusCode).toBe(200);
  });
});
