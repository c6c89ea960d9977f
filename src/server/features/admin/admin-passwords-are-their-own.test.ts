import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD } from '../../../../tests/setup/accounts';
import { auditRowsFor, signInAdmin, signInVerified, userRow } from '../../../../tests/setup/admin';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { PendingResetView } from '../../../shared/schemas/admin';

// Decision 027: no administrator sets an administrator's password, just as none can delete one. Their
// own goes through 'Endre passord' with the current password.

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const NEW = { newPassword: 'overtatt1', confirmPassword: 'overtatt1' };
const setPassword = (id: string, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/api/admin/users/${id}/change-password`, payload: NEW, cookie });
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe("an administrator's password", () => {
  it("another admin's: 403 with a Norwegian message, and nothing changes", async () => {
    const other = await signInAdmin(t, 'admin-to@example.no');
    const before = await userRow(t, other.id);
    const res = await setPassword(other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Du kan ikke sette passordet til en annen administrator' });
    expect(await userRow(t, other.id)).toEqual(before);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await login(t, 'admin-to@example.no', PASSWORD)).statusCode).toBe(200);
    expect(await auditRowsFor(t, other.id)).toHaveLength(0);
  });

  it("one's own: 403, pointing to 'Endre passord' with the current password", async () => {
    const res = await setPassword(admin.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Ditt eget passord endrer du under «Endre passord» på profilen din, med det nåværende passordet.',
    );
    expect((await login(t, 'admin@example.no', PASSWORD)).statusCode).toBe(200);
    const own = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: PASSWORD, newPassword: 'egetnytt1', confirmPassword: 'egetnytt1' },
      cookie: admin.cookie,
    });
    expect(own.statusCode).toBe(200);
    expect((await login(t, 'admin@example.no', 'egetnytt1')).statusCode).toBe(200);
  });

  it("an admin's reset request can be rejected, not approved with a password of another admin's choosing", async () => {
    const other = await signInAdmin(t, 'glemsk-admin@example.no');
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'glemsk-admin@example.no' },
    });
    const pending = (
      await t.request({ method: 'GET', url: '/api/admin/pending-password-resets', cookie: admin.cookie })
    ).json() as PendingResetView[];
    const request = pending.find((r) => r.user.id === other.id);
    expect(request?.user.isAdmin).toBe(true);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/approve-password-reset/${request?.id}`,
      payload: NEW,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Du kan ikke sette passordet til en annen administrator');
    expect((await login(t, 'glemsk-admin@example.no', PASSWORD)).statusCode).toBe(200);
    const reject = await t.request({
      method: 'DELETE',
      url: `/api/admin/reject-password-reset/${request?.id}`,
      cookie: admin.cookie,
    });
    expect(reject.statusCode).toBe(200);
  });

  it("an ordinary user's password is still set by an admin", async () => {
    await signInVerified(t, 'vanlig@example.no');
    const users = (
      await t.request({ method: 'GET', url: '/api/admin/all-users', cookie: admin.cookie })
    ).json() as { id: string; email: string }[];
    const user = users.find((u) => u.email === 'vanlig@example.no');
    expect((await setPassword(user?.id ?? '')).statusCode).toBe(200);
    expect((await login(t, 'vanlig@example.no', 'overtatt1')).statusCode).toBe(200);
  });
});
