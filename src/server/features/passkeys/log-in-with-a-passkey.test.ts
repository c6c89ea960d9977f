import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { captureLog } from '../../../../tests/setup/memory-logger';
import { addPasskey, loginOptions, newAuthenticator, passkeyLogin } from '../../../../tests/setup/passkeys';
import { FLAG_UP } from '../../../../tests/setup/software-authenticator';
import {
  createTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
} from '../../../../tests/setup/test-app';
import { buildApp } from '../../app';

const capture = captureLog('info');
let t: TestApp;
// The test app logs nothing; this second app on the same database logs into `capture`.
let logged: FastifyInstance;
let api: Pick<TestApp, 'request'>;
beforeAll(async () => {
  t = await createTestApp();
  logged = await buildApp(t.deps, { logger: capture.log, clientDir: null });
  await logged.ready();
  api = {
    request: ({ cookie, headers, ...rest }) =>
      logged.inject({ ...rest, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } }),
  };
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const me = (cookie: string) => api.request({ method: 'GET', url: '/api/auth/user', cookie });
const events = (name: string) => capture.entries().filter((e) => e.event === name);

describe('logging in with a passkey', () => {
  it('answers as a password login does, with a session that works, and records the use', async () => {
    const cookie = await signInVerified(t, 'nokkel.bruker@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(api, cookie, authenticator, 'Mobilen');
    const byPassword = (await me(cookie)).json();

    const options = await loginOptions(api);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');
    const res = await passkeyLogin(api, authenticator, {}, options);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(byPassword);
    const cookies = [res.headers['set-cookie']].flat().join('\n');
    expect(cookies).toContain('budrunde.sid=');
    expect(cookies).toContain('budrunde.device=');
    const session = sessionCookieFrom(res.headers['set-cookie']);
    const who = await me(session);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ email: 'nokkel.bruker@example.no' });
    const listed = (await api.request({ method: 'GET', url: '/api/passkeys', cookie: session })).json();
    expect(listed.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    // A fresh login by passkey counts as a recent one: it may add another without the password.
    t.clock.advance(60 * 60_000);
    const later = await passkeyLogin(api, authenticator);
    expect(later.statusCode).toBe(200);
    const fresh = sessionCookieFrom(later.headers['set-cookie']);
    const more = await api.request({
      method: 'POST',
      url: '/api/passkeys/registration-options',
      cookie: fresh,
      payload: {},
    });
    expect(more.statusCode).toBe(200);
  });

  it('refuses another origin or RP ID, a missing user verification, and an unknown passkey', async () => {
    const cookie = await signInVerified(t, 'streng.nokkel@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(api, cookie, authenticator);
    for (const overrides of [
      { origin: 'https://phishing.example.com' },
      { rpId: 'phishing.example.com' },
      { flags: FLAG_UP },
    ]) {
      const res = await passkeyLogin(api, authenticator, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(401);
      expect(res.json().message).toBe('Passnøkkelen kunne ikke bekreftes. Prøv igjen.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const stranger = newAuthenticator();
    stranger.register({ challenge: 'abc', user: { id: 'AAAA' } });
    const unknown = await passkeyLogin(api, stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(
      'Denne passnøkkelen er ikke knyttet til en konto hos oss. Logg inn med e-post og passord.',
    );
    expect(events('auth.passkey.failed').map((e) => e.reason)).toContain('unknown credential');
    // Still good after the refusals: the counter moved on only with the signatures that held.
    expect((await passkeyLogin(api, authenticator)).statusCode).toBe(200);
  });

  it('refuses a used challenge, an expired one, and one made up by the client', async () => {
    const cookie = await signInVerified(t, 'en.gang@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(api, cookie, authenticator);
    const options = await loginOptions(api);
    expect((await passkeyLogin(api, authenticator, {}, options)).statusCode).toBe(200);
    const reused = await passkeyLogin(api, authenticator, {}, options);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Forespørselen er utløpt eller allerede brukt. Prøv igjen.');

    const late = await loginOptions(api);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await passkeyLogin(api, authenticator, {}, late)).statusCode).toBe(400);
    const madeUp = { challenge: Buffer.from('egen utfordring').toString('base64url') };
    expect((await passkeyLogin(api, authenticator, {}, madeUp)).statusCode).toBe(400);
  });

  it('refuses a cloned authenticator (its counter goes back) and logs it without secrets', async () => {
    const cookie = await signInVerified(t, 'klonet@example.no');
    const authenticator = newAuthenticator();
    await addPasskey(api, cookie, authenticator);
    expect((await passkeyLogin(api, authenticator, { counter: 7 })).statusCode).toBe(200);
    for (const counter of [7, 3]) {
      const res = await passkeyLogin(api, authenticator, { counter });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(
        'Passnøkkelen ble avvist fordi den kan være kopiert. Logg inn med passord, fjern den under «Passnøkler» og legg til en ny.',
      );
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const cloned = events('auth.passkey.cloned');
    expect(cloned).toHaveLength(2);
    expect(cloned[1]).toMatchObject({ level: 40, storedCounter: 7, counter: 3 });
    const line = JSON.stringify(cloned);
    expect(line).not.toMatch(/"(signature|clientDataJSON|authenticatorData|publicKey|response)"/);
    // The real authenticator, a step ahead, still logs in.
    expect((await passkeyLogin(api, authenticator, { counter: 8 })).statusCode).toBe(200);
  });
});
