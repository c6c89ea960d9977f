import { expect } from 'vitest';
import { signInVerified } from './admin';
import type { WalkContext } from './api-contract-walks';
import { PEOPLE, walkToCallback } from './oidc-issuer';

/**
 * Identity (decision 064) against the issuer the walk's app is configured with: verifying an account, logging
 * in, a person with no account, the pending names, the SMS code, and an administrator's release.
 */
export async function identityWalk(c: WalkContext) {
  const { api, t } = c;
  const cookie = await signInVerified(api, 'identitet.vandrer@example.no', { phone: '+47 46666666' });
  const verify = await walkToCallback(api, '/api/identity/start', PEOPLE.ola, cookie);
  expect(
    (await api.request({ method: 'GET', url: verify.callback, cookie: verify.appCookies })).statusCode,
  ).toBe(302);
  const login = await walkToCallback(api, '/api/identity/login', PEOPLE.ola);
  expect(
    (await api.request({ method: 'GET', url: login.callback, cookie: login.appCookies })).statusCode,
  ).toBe(302);
  const stranger = await walkToCallback(api, '/api/identity/login', PEOPLE.stranger);
  const register = await api.request({ method: 'GET', url: stranger.callback, cookie: stranger.appCookies });
  const pending = [register.headers['set-cookie']].flat().find((v) => v?.startsWith('budrunde.identity='));
  const names = await api.request({
    method: 'GET',
    url: '/api/identity/pending',
    cookie: pending?.split(';')[0],
  });
  expect(names.statusCode).toBe(200);
  expect((await api.request({ method: 'GET', url: '/api/identity/pending' })).statusCode).toBe(404);

  expect(
    (await api.request({ method: 'POST', url: '/api/users/me/phone/verification', cookie })).statusCode,
  ).toBe(200);
  await t.runJobs();
  const code = /\b(\d{6})\b/.exec(t.sms.to('+47 46666666').at(-1) ?? '')?.[1] ?? '';
  const put = (value: string) =>
    api.request({ method: 'PUT', url: '/api/users/me/phone/verification', cookie, payload: { code: value } });
  expect((await put(code === '000000' ? '111111' : '000000')).statusCode).toBe(400);
  expect((await put(code)).statusCode).toBe(200);
  expect(
    (await api.request({ method: 'POST', url: '/api/users/me/phone/verification', cookie })).statusCode,
  ).toBe(409);

  const id = (await api.request({ method: 'GET', url: '/api/auth/user', cookie })).json().id;
  const release = () =>
    api.request({ method: 'DELETE', url: `/api/admin/users/${id}/identity`, cookie: c.admin.cookie });
  expect((await release()).statusCode).toBe(200);
  expect((await release()).statusCode).toBe(409);
}
