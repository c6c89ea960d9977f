import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import {
  PEOPLE,
  startTestIssuer,
  type TestIssuer,
  walkToCallback,
} from '../../../../tests/setup/oidc-issuer';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let issuer: TestIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startTestIssuer();
  t = await createTestApp({ env: issuer.env });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe('verifying a signed-in account with an OpenID provider on its own port', () => {
  it('sends the person to the provider and back, and stores the verified name and birth date', async () => {
    const cookie = await signInVerified(t, 'ola.verifiserer@example.no', {
      firstName: 'Olav',
      lastName: 'Feil',
    });
    expect((await me(cookie)).json()).toMatchObject({ identity: null, phoneVerified: false });
    const walk = await walkToCallback(t, '/api/identity/start', PEOPLE.ola, cookie);
    const back = await t.request({ method: 'GET', url: walk.callback, cookie: walk.appCookies });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe('/?identitet=bekreftet');
    const user = (await me(cookie)).json();
    expect(user).toMatchObject({
      firstName: 'Ola',
      lastName: 'Nordmann',
      identity: { verified: true, name: 'Ola Nordmann', birthYear: 1985, provider: 'BankID' },
    });
    expect(Date.parse(user.identity.verifiedAt)).not.toBeNaN();
  });
});
