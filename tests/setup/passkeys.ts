import { expect } from 'vitest';
import { type Overrides, SoftwareAuthenticator } from './software-authenticator';
import { TEST_ORIGIN, type TestApp } from './test-app';

/** A software passkey for the test app's relying party: origin TEST_ORIGIN, RP ID its host (localhost). */
export const newAuthenticator = () => new SoftwareAuthenticator(TEST_ORIGIN, new URL(TEST_ORIGIN).hostname);

type Api = Pick<TestApp, 'request'>;

export async function registrationOptions(api: Api, cookie: string, body: object = {}) {
  return api.request({ method: 'POST', url: '/api/passkeys/registration-options', cookie, payload: body });
}

/** Asks for creation options, lets the authenticator answer (with `overrides`), and sends the answer. */
export async function tryAddPasskey(
  api: Api,
  cookie: string,
  authenticator: SoftwareAuthenticator,
  name?: string,
  overrides: Overrides = {},
) {
  const options = await registrationOptions(api, cookie);
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(options.json(), overrides);
  return api.request({ method: 'POST', url: '/api/passkeys', cookie, payload: { response, name } });
}

/** Adds a passkey and returns its id. */
export async function addPasskey(
  api: Api,
  cookie: string,
  authenticator: SoftwareAuthenticator,
  name?: string,
) {
  const res = await tryAddPasskey(api, cookie, authenticator, name);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { passkey: { id: string } }).passkey.id;
}

export async function loginOptions(api: Api) {
  const res = await api.request({ method: 'POST', url: '/api/auth/passkey-options' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { challenge: string; rpId?: string; userVerification?: string };
}

/** A login with the authenticator's newest passkey, answering fresh options (or the ones given). */
export async function passkeyLogin(
  api: Api,
  authenticator: SoftwareAuthenticator,
  overrides: Overrides = {},
  options?: { challenge: string },
) {
  const response = authenticator.authenticate(options ?? (await loginOptions(api)), overrides);
  return api.request({ method: 'POST', url: '/api/auth/passkey-login', payload: { response } });
}
