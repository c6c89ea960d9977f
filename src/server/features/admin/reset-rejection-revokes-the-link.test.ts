import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, PASSWORD, tokenOf } from '../../../../tests/setup/accounts';
import { auditRowsFor, signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { PendingResetView } from '../../../shared/schemas/admin';
import { users } from '../../db/schema';

// Decision 027: an administrator rejects a reset request because it looks suspicious, so the link
// already mailed for it must stop working; otherwise 'Avvis' stops nothing.

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

async function requestAndLink(email: string) {
  await signInVerified(t, email);
  await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  await t.runJobs();
  const link = linkFrom((await t.mails(email)).at(-1), '/reset-password');
  const pending = (
    await t.request({ method: 'GET', url: '/api/admin/pending-password-resets', cookie: admin.cookie })
  ).json() as PendingResetView[];
  const request = pending.find((r) => r.user.email === email);
  if (!request) throw new Error('no pending request');
  return { token: tokenOf(link), request };
}

const status = (token: string) =>
  t.request({ method: 'GET', url: `/api/auth/reset-password/status?token=${encodeURIComponent(token)}` });
const useLink = (token: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'kapretpass1', confirmPassword: 'kapretpass1' },
  });

describe("'Avvis' on a reset request", () => {
  it('makes the mailed link invalid: it sets no password, and the password stays as it was', async () => {
    const { token, request } = await requestAndLink('mistenkelig@example.no');
    expect((await status(token)).json()).toEqual({ valid: true });

    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/reject-password-reset/${request.id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);

    expect((await status(token)).json()).toEqual({ valid: false });
    const viaLink = await useLink(token);
    expect(viaLink.statusCode).toBe(400);
    expect(viaLink.json().errors).toContainEqual({ path: 'token', message: expect.any(String) });
    expect((await login(t, 'mistenkelig@example.no', 'kapretpass1')).statusCode).toBe(401);
    expect((await login(t, 'mistenkelig@example.no', PASSWORD)).statusCode).toBe(200);

    const [user] = await t.deps.db.select().from(users).where(eq(users.email, 'mistenkelig@example.no'));
    expect(user?.passwordResetToken).toBeNull();
    const [audit] = await auditRowsFor(t, user?.id ?? '');
    expect(audit?.action).toBe('reject-password-reset');
  });

  it('a new request after the rejection mails a link that works', async () => {
    const { request } = await requestAndLink('ny-sjanse@example.no');
    await t.request({
      method: 'DELETE',
      url: `/api/admin/reject-password-reset/${request.id}`,
      cookie: admin.cookie,
    });
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ny-sjanse@example.no' },
    });
    await t.runJobs();
    const token = tokenOf(linkFrom((await t.mails('ny-sjanse@example.no')).at(-1), '/reset-password'));
    expect((await useLink(token)).statusCode).toBe(200);
    expect((await login(t, 'ny-sjanse@example.no', 'kapretpass1')).statusCode).toBe(200);
  });
});
