import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, tokenOf } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app';
import { createUser } from '../accounts/accounts.service';
import { RESET_TTL_MS } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test asks from its own address: the forgot-password and reset calls share a per-IP budget.
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

const status = (token: string | null, ip: string) =>
  t.app.inject({
    method: 'GET',
    url:
      token === null
        ? '/api/auth/reset-password/status'
        : `/api/auth/reset-password/status?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
  });

const reset = (token: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'nyttpass1', confirmPassword: 'nyttpass1' },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
  });

/** A verified user who asked for a reset link: returns the link's token. */
async function tokenFor(email: string, ip: string): Promise<string> {
  const mailsBefore = (await t.mails(email)).length;
  if (mailsBefore === 0) {
    await createUser(
      t.deps.db,
      { email, password: 'hemmelig1', firstName: 'Glemsk', lastName: 'Person' },
      { emailVerified: true },
    );
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  await t.runJobs();
  const mails = await t.mails(email);
  expect(mails.length).toBe(mailsBefore + 1);
  return tokenOf(linkFrom(mails.at(-1), '/reset-password'));
}

describe('GET /api/auth/reset-password/status', () => {
  it('says a fresh link is valid, without spending it, and without naming the account', async () => {
    const ip = freshIp();
    const token = await tokenFor('fersk@example.no', ip);
    for (let i = 0; i < 3; i++) {
      const res = await status(token, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/fersk|Glemsk|Person|@/);
    }
    // Asking did not use the link up: it still sets the password, and only then turns invalid.
    expect((await reset(token, ip)).statusCode).toBe(200);
    expect((await status(token, ip)).json()).toEqual({ valid: false });
  });

  it('says an expired link is not valid', async () => {
    const ip = freshIp();
    const token = await tokenFor('utlopt@example.no', ip);
    t.clock.advance(RESET_TTL_MS + 1000);
    const res = await status(token, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false });
  });

  it('says a link replaced by a newer one is not valid, and the newer one is', async () => {
    const ip = freshIp();
    const first = await tokenFor('erstattet@example.no', ip);
    const second = await tokenFor('erstattet@example.no', ip);
    expect((await status(first, ip)).json()).toEqual({ valid: false });
    expect((await status(second, ip)).json()).toEqual({ valid: true });
  });

  it.each([
    ['an unknown token', 'finnes-ikke-finnes-ikke-finnes-ikke-1234567'],
    ['an empty token', ''],
    ['an overlong token', 'x'.repeat(5000)],
    ['no token at all', null],
  ])('answers 200 { valid: false } for %s', async (_name, token) => {
    const res = await status(token, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false });
  });

  it('needs no session and no same-origin header, as a link opened from a mail has neither', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/status?token=abc' });
    expect(res.statusCode).toBe(200);
  });

  it('limits the checks per IP, as the other reset calls are limited', async () => {
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await status(`gjetning-${i}`, ip)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const limited = await status('gjetning-21', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('For mange forsøk. Vent litt og prøv igjen.');
    expect((await status('gjetning-21', freshIp())).statusCode).toBe(200);
  });
});
