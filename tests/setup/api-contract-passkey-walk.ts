import { expect } from 'vitest';
import { signInVerified } from './admin';
import { signedBidWalk } from './api-contract-signing-walk';
import { unknownId, type WalkContext } from './api-contract-walks';
import { addPasskey, loginOptions, newAuthenticator, passkeyLogin, registrationOptions } from './passkeys';
import { PASSWORD } from './person';

/**
 * Passkeys (decision 037): added, listed, used to sign a bid (api-contract-signing-walk.ts) and to log in, and removed, with the refusals the document lists (400
 * for a used challenge, 401 for an unknown passkey, 403 for an old session without the password, 404 for an
 * unknown one). Last of the walks: it moves the test clock past the 10 minutes a session may change passkeys.
 */
export async function passkeysWalk(c: WalkContext) {
  const { api, t } = c;
  const cookie = await signInVerified(api, 'passkey.vandrer@example.no');
  const authenticator = newAuthenticator();
  expect((await api.request({ method: 'GET', url: '/api/passkeys', cookie })).statusCode).toBe(200);
  const id = await addPasskey(api, cookie, authenticator, 'Vandrenøkkel');
  const listed = await api.request({ method: 'GET', url: '/api/passkeys', cookie });
  expect(listed.json().passkeys).toHaveLength(1);
  await signedBidWalk(c, cookie, authenticator);

  // A used challenge (400) and a passkey no one added (401), then a login that works.
  const options = await loginOptions(api);
  expect((await passkeyLogin(api, authenticator, {}, options)).statusCode).toBe(200);
  expect((await passkeyLogin(api, authenticator, {}, options)).statusCode).toBe(400);
  const stranger = newAuthenticator();
  stranger.register({ challenge: 'AAAA', user: { id: 'AAAA' } });
  expect((await passkeyLogin(api, stranger)).statusCode).toBe(401);
  const stale = authenticator.register((await registrationOptions(api, cookie)).json());
  expect(
    (await api.request({ method: 'POST', url: '/api/passkeys', cookie, payload: { response: stale } }))
      .statusCode,
  ).toBe(201);

  // Eleven minutes on: the password again (403 without it), and 404 for an unknown passkey.
  t.clock.advance(11 * 60_000);
  expect((await registrationOptions(api, cookie)).statusCode).toBe(403);
  const remove = (passkeyId: string, payload: object) =>
    api.request({ method: 'DELETE', url: `/api/passkeys/${passkeyId}`, cookie, payload });
  expect((await remove(id, {})).statusCode).toBe(403);
  expect((await remove(unknownId(), { password: PASSWORD })).statusCode).toBe(404);
  expect((await remove(id, { password: PASSWORD })).statusCode).toBe(200);
}
