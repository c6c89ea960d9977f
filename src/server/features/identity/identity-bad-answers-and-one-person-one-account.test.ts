import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import {
  PEOPLE,
  startTestIssuer,
  type TestIssuer,
  walkToCallback,
} from '../../../../tests/setup/oidc-issuer';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';

let issuer: TestIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startTestIssuer();
  t = await createTestApp({ env: { ...issuer.env, OIDC_ACR_VALUES: 'urn:grn:authn:no:bankid' } });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const me = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user', cookie })).json();
const call = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

describe('one person, one account', () => {
  it('refuses a second account for a verified person, mails the first, and lets an admin release it', async () => {
    const first = await signInVerified(t, 'forste.konto@example.no');
    const second = await signInVerified(t, 'andre.konto@example.no');
    const one = await walkToCallback(t, '/api/identity/start', PEOPLE.kari, first);
    expect((await call(one.callback, one.appCookies)).headers.location).toBe('/?identitet=bekreftet');
    const two = await walkToCallback(t, '/api/identity/start?returnTo=/budrunder/x', PEOPLE.kari, second);
    const refused = await call(two.callback, two.appCookies);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/budrunder/x?identitet=annen-konto');
    expect((await me(second)).identity).toBeNull();
    await t.runJobs();
    const mails = await t.mails('forste.konto@example.no');
    expect(mails.at(-1)?.subject).toContain('BankID');
    expect(mails.map((m) => m.text).join('\n')).not.toContain(PEOPLE.kari.socialNo);

    // The verified name is the account's name now.
    const rename = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie: first,
      payload: { firstName: 'Annen', lastName: 'Hansen', phone: '+47 41234567' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe('Navnet er bekreftet med BankID og kan ikke endres');

    const admin = await signInAdmin(t, 'identitet.admin@example.no');
    const firstId = (await me(first)).id;
    const released = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${firstId}/identity`,
      cookie: admin.cookie,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ identity: null });
    const again = await walkToCallback(t, '/api/identity/start', PEOPLE.kari, second);
    expect((await call(again.callback, again.appCookies)).headers.location).toBe('/?identitet=bekreftet');
    expect((await me(second)).identity).toMatchObject({ name: 'Kari Hansen', birthYear: 1990 });
  });
});

describe('logging in with the identity provider', () => {
  it('logs the verified person in with a new session, and sends an unknown person to register', async () => {
    const cookie = await signInVerified(t, 'ola.logger.inn@example.no');
    const verify = await walkToCallback(t, '/api/identity/start', PEOPLE.ola, cookie);
    await call(verify.callback, verify.appCookies);
    const login = await walkToCallback(t, '/api/identity/login', PEOPLE.ola);
    const back = await call(login.callback, login.appCookies);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/');
    const session = sessionCookieFrom(back.headers['set-cookie']);
    expect((await me(session)).email).toBe('ola.logger.inn@example.no');

    const stranger = await walkToCallback(t, '/api/identity/login', PEOPLE.stranger);
    const register = await call(stranger.callback, stranger.appCookies);
    expect(register.headers.location).toBe('/register?identitet=ingen-konto');
    const pending = [register.headers['set-cookie']].flat().find((c) => c?.startsWith('budrunde.identity='));
    expect(pending).toBeDefined();
    const names = await call('/api/identity/pending', pending?.split(';')[0]);
    expect(names.json()).toEqual({ givenName: 'Siri', familyName: 'Fremmed', provider: 'BankID' });
  });
});

describe('bad answers are refused and change nothing', () => {
  it('refuses a wrong state, a used code, a missing name and another acr', async () => {
    const cookie = await signInVerified(t, 'streng.kontroll@example.no');
    const walk = await walkToCallback(t, '/api/identity/start', PEOPLE.ola, cookie);
    const forged = walk.callback.replace(/state=[^&]+/, 'state=forfalsket');
    const wrongState = await call(forged, walk.appCookies);
    expect(wrongState.headers.location).toBe('/?identitet=mislyktes');
    // Without its own state cookie, the real state is refused as well (another browser's callback).
    expect((await call(walk.callback, cookie)).headers.location).toBe('/?identitet=mislyktes');
    // And once the request is spent, the same answer again is refused.
    expect((await call(walk.callback, walk.appCookies)).headers.location).toBe('/?identitet=mislyktes');
    expect((await me(cookie)).identity).toBeNull();

    const nameless = await walkToCallback(t, '/api/identity/start', PEOPLE.nameless, cookie);
    expect((await call(nameless.callback, nameless.appCookies)).headers.location).toBe(
      '/?identitet=mislyktes',
    );
    const weak = await walkToCallback(t, '/api/identity/start', PEOPLE.otherAcr, cookie);
    expect((await call(weak.callback, weak.appCookies)).headers.location).toBe('/?identitet=mislyktes');
    const aborted = await walkToCallback(t, '/api/identity/start', 'abort', cookie);
    expect((await call(aborted.callback, aborted.appCookies)).headers.location).toBe('/?identitet=mislyktes');
    expect((await me(cookie)).identity).toBeNull();
  });

  it('sends a return address off this site back home instead', async () => {
    const cookie = await signInVerified(t, 'retur.adresse@example.no');
    const walk = await walkToCallback(
      t,
      '/api/identity/start?returnTo=//evil.example',
      PEOPLE.otherAcr,
      cookie,
    );
    expect((await call(walk.callback, walk.appCookies)).headers.location).toBe('/?identitet=mislyktes');
  });
});
