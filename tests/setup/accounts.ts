import { expect } from 'vitest';
import type { Mail } from '../../src/server/mail/mailer';
import { PASSWORD } from './person';
import { sessionCookieFrom, type TestApp } from './test-app';

export { PASSWORD };

export function registrationPayload(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Kari',
    lastName: 'Nordmann',
    email,
    password: PASSWORD,
    countryCode: '+47',
    phoneNumber: '41234567',
    phone: '+47 41234567',
    streetAddress: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
    agreeToTerms: true,
    ...overrides,
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: Mail | undefined, prefix: string): string {
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(prefix));
  if (!link) throw new Error(`no ${prefix} link in mail: ${mail?.text}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

export async function register(t: TestApp, email: string, overrides: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: registrationPayload(email, overrides),
  });
}

export async function login(t: TestApp, email: string, password = PASSWORD) {
  return t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** Registers through the API, follows the mailed link, logs in, and returns the session cookie. */
export async function signUp(
  t: TestApp,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  expect((await register(t, email, overrides)).statusCode).toBe(201);
  await t.runJobs();
  const mails = await t.mails(email);
  const link = linkFrom(
    mails.findLast((m) => m.text.includes('/verify-email')),
    '/verify-email',
  );
  const verified = await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` });
  expect(verified.statusCode).toBe(200);
  const res = await login(t, email, (overrides.password as string | undefined) ?? PASSWORD);
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}
