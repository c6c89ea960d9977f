import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { captureLog } from '../../../../tests/setup/memory-logger';
import { type RogueIssuer, type RogueToken, startRogueIssuer } from '../../../../tests/setup/rogue-issuer';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// ID tokens no honest provider would give: each must be refused with 'mislyktes', store nothing, and leave
// the reason in the log (decision 064).

const log = captureLog('warn');
let rogue: RogueIssuer;
let t: TestApp;
beforeAll(async () => {
  rogue = await startRogueIssuer();
  t = await createTestApp({ env: rogue.env, logger: log.log });
});
afterAll(async () => {
  await t.close();
  await rogue.close();
});

/** Starts a verification, and answers its callback with a code for an ID token of that kind. */
async function verifyWith(kind: RogueToken, cookie: string): Promise<string> {
  const started = await t.request({ method: 'GET', url: '/api/identity/start', cookie });
  expect(started.statusCode, started.body).toBe(302);
  const authorize = new URL(String(started.headers.location));
  expect(authorize.origin + authorize.pathname).toBe(`${rogue.issuer}/auth`);
  const state = authorize.searchParams.get('state') ?? '';
  const nonce = authorize.searchParams.get('nonce') ?? '';
  const stateCookie = [started.headers['set-cookie']].flat().find((c) => c?.startsWith('budrunde.oidc='));
  const code = rogue.codeFor(kind, nonce);
  const back = await t.request({
    method: 'GET',
    url: `/api/identity/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    cookie: `${cookie}; ${stateCookie?.split(';')[0]}`,
  });
  expect(back.statusCode, back.body).toBe(302);
  return String(back.headers.location);
}

const identityOf = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user', cookie })).json().identity;

describe('an ID token the provider should never have sent', () => {
  // Each is refused for its own reason, not by a failure on the way there.
  const forged: [RogueToken, RegExp][] = [
    ['bad-signature', /signature verification failed/],
    ['alg-none', /"alg" header/],
    ['other-issuer', /"iss"/],
    ['other-audience', /"aud"/],
    ['expired', /"exp"/],
    ['other-nonce', /"nonce"/],
  ];

  it.each(forged)('is refused when it is %s, and nothing is stored', async (kind, reason) => {
    const cookie = await signInVerified(t, `forfalsket.${kind}@example.no`);
    const linesBefore = log.lines.length;
    expect(await verifyWith(kind, cookie)).toBe('/?identitet=mislyktes');
    expect(await identityOf(cookie)).toBeNull();
    const refusal = log
      .entries()
      .slice(linesBefore)
      .find((entry) => entry.event === 'identity.failed');
    expect(refusal?.reason).toMatch(reason);
    expect(log.text()).not.toContain('sub-rune');
  });

  it('while a well-made one from the same provider verifies the account', async () => {
    const cookie = await signInVerified(t, 'ekte.token@example.no');
    expect(await verifyWith('good', cookie)).toBe('/?identitet=bekreftet');
    expect(await identityOf(cookie)).toMatchObject({ verified: true, name: 'Rune Rogue', birthYear: 1975 });
  });
});
