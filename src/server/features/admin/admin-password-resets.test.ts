import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, tokenOf } from '../../../../tests/setup/accounts';
import {
  auditRowsFor,
  createUnverifiedUser,
  signInAdmin,
  signInVerified,
  userIdOf,
} from '../../../../tests/setup/admin';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { PendingResetView } from '../../../shared/schemas/admin';
import { passwordResetRequests, users } from '../../db/schema';
import { lockViewerById, updateUser } from '../accounts/accounts.repository';
import { completeResetRequests } from '../auth/password-resets.repository';

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const pending = async () =>
  (
    await t.request({ method: 'GET', url: '/api/admin/pending-password-resets', cookie: admin.cookie })
  ).json() as PendingResetView[];
const approve = (
  id: string,
  payload: object = { newPassword: 'adminsatt1', confirmPassword: 'adminsatt1' },
) =>
  t.request({
    method: 'POST',
    url: `/api/admin/approve-password-reset/${id}`,
    payload,
    cookie: admin.cookie,
  });
const reject = (id: string) =>
  t.request({ method: 'DELETE', url: `/api/admin/reject-password-reset/${id}`, cookie: admin.cookie });
const requestRow = async (id: string) =>
  (await t.deps.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.id, id)))[0];
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

/** A user who asked for a new password: the request, the mailed link, and a session from before. */
async function userWhoForgot(email: string) {
  const cookie = await signInVerified(t, email, { firstName: 'Glemsk', lastName: 'Person' });
  await forgot(email);
  await t.runJobs();
  const link = linkFrom((await t.mails(email)).at(-1), '/reset-password');
  const request = (await pending()).find((r) => r.user.email === email);
  if (!request) throw new Error('no pending request');
  return { cookie, link, request };
}

describe('pending password-reset requests', () => {
  it('lists id, reason, requestedAt and the user’s name and e-mail, oldest first', async () => {
    await userWhoForgot('liste@example.no');
    const [row] = await pending();
    expect(row).toMatchObject({
      reason: 'Glemt passord (lenke på e-post)',
      user: { firstName: 'Glemsk', lastName: 'Person', email: 'liste@example.no' },
    });
    expect(Date.parse(row?.requestedAt ?? '')).not.toBeNaN();
    expect(Object.keys(row ?? {}).sort()).toEqual(['id', 'reason', 'requestedAt', 'user']);
  });
});

describe('approve a reset request', () => {
  it('sets the password, records who approved and when, kills the link and the sessions, mails without the password', async () => {
    const { cookie, link, request } = await userWhoForgot('godkjent@example.no');
    const res = await approve(request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Passord reset godkjent' });

    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      isApproved: true,
      isCompleted: true,
      approvedBy: admin.id,
      newPassword: null,
    });
    expect(row?.approvedAt).toBeInstanceOf(Date);
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect((await pending()).some((r) => r.id === request.id)).toBe(false);

    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(t, 'godkjent@example.no', 'adminsatt1')).statusCode).toBe(200);
    const viaLink = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(link), newPassword: 'lenkepass1', confirmPassword: 'lenkepass1' },
    });
    expect(viaLink.statusCode).toBe(400);

    await t.runJobs();
    const mail = (await t.mails('godkjent@example.no')).at(-1);
    expect(mail?.subject).toBe('En administrator har endret passordet ditt hos Budrunde');
    expect(`${mail?.text}${mail?.html}`).not.toContain('adminsatt1');

    const [user] = await t.deps.db.select().from(users).where(eq(users.email, 'godkjent@example.no'));
    const audit = await auditRowsFor(t, user?.id ?? '');
    expect(audit).toMatchObject([
      { action: 'approve-password-reset', adminId: admin.id, targetType: 'user' },
    ]);
    expect(audit[0]?.summary).not.toContain('adminsatt1');

    // A second decision on the same request is a clear 409, not a second change.
    expect((await approve(request.id)).statusCode).toBe(409);
    expect((await reject(request.id)).statusCode).toBe(409);
    expect(await auditRowsFor(t, user?.id ?? '')).toHaveLength(1);
  });

  it('refuses a short or unconfirmed password with a Norwegian message and changes nothing', async () => {
    const { request } = await userWhoForgot('kort@example.no');
    const short = await approve(request.id, { newPassword: '12345', confirmPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Passord må være minst 6 tegn');
    const differ = await approve(request.id, { newPassword: 'adminsatt1', confirmPassword: 'adminsatt2' });
    expect(differ.json().errors).toContainEqual({
      path: 'confirmPassword',
      message: 'Passordene er ikke like',
    });
    expect(await requestRow(request.id)).toMatchObject({ isApproved: false, isCompleted: false });
    expect((await login(t, 'kort@example.no')).statusCode).toBe(200);
  });

  it('approved before the reset mail went out: no link is mailed at all', async () => {
    await signInVerified(t, 'rask@example.no');
    await forgot('rask@example.no');
    const request = (await pending()).find((r) => r.user.email === 'rask@example.no');
    expect((await approve(request?.id ?? '')).statusCode).toBe(200);
    await t.runJobs();
    const mails = await t.mails('rask@example.no');
    expect(mails.map((m) => m.subject)).toEqual(['En administrator har endret passordet ditt hos Budrunde']);
  });

  it('two admins approving the same request at once: one succeeds, the other gets 409', async () => {
    const { request } = await userWhoForgot('samtidig@example.no');
    const other = await signInAdmin(t, 'admin2@example.no');
    const results = await Promise.all([
      approve(request.id),
      t.request({
        method: 'POST',
        url: `/api/admin/approve-password-reset/${request.id}`,
        payload: { newPassword: 'annetpass1' },
        cookie: other.cookie,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('reject a reset request', () => {
  it('removes the request and leaves the password as it was; a second rejection is 404', async () => {
    const { request } = await userWhoForgot('avvist@example.no');
    const res = await reject(request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Passord reset avvist' });
    expect(await requestRow(request.id)).toBeUndefined();
    expect((await pending()).some((r) => r.id === request.id)).toBe(false);
    expect((await login(t, 'avvist@example.no')).statusCode).toBe(200);
    expect((await reject(request.id)).statusCode).toBe(404);
    expect((await approve(request.id)).statusCode).toBe(404);
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, 'avvist@example.no'));
    expect(await auditRowsFor(t, user?.id ?? '')).toMatchObject([{ action: 'reject-password-reset' }]);
  });

  it('requests of a deleted account disappear from the queue with it', async () => {
    const { cookie, request } = await userWhoForgot('borte@example.no');
    expect((await t.request({ method: 'DELETE', url: '/api/users/me', cookie })).statusCode).toBe(200);
    expect(await requestRow(request.id)).toBeUndefined();
    expect((await approve(request.id)).statusCode).toBe(404);
  });
});

describe('the reset mail and an approval at the same moment', () => {
  it('an approval that commits while the mail is being prepared leaves no working link', async () => {
    const userId = await createVerifiedId('samme-stund@example.no');
    await forgot('samme-stund@example.no');
    let mailJobs: Promise<number> = Promise.resolve(0);
    await t.deps.db.transaction(async (tx) => {
      // What an approval holds while it works: the user's lock. The mail job starts meanwhile.
      await lockViewerById(tx, userId);
      mailJobs = t.runJobs();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await completeResetRequests(tx, userId);
      await updateUser(tx, userId, { passwordResetToken: null });
    });
    await mailJobs;
    const links = (await t.mails('samme-stund@example.no'))
      .filter((m) => m.text.includes('/reset-password'))
      .map((m) => linkFrom(m, '/reset-password'));
    for (const link of links) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: tokenOf(link), newPassword: 'lenkepass1', confirmPassword: 'lenkepass1' },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('a request from an account that never verified its address cannot be approved', async () => {
    await createUnverifiedUser(t, 'uverifisert-reset@example.no');
    await forgot('uverifisert-reset@example.no');
    const request = (await pending()).find((r) => r.user.email === 'uverifisert-reset@example.no');
    const res = await approve(request?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Brukeren har ikke bekreftet e-postadressen/);
    expect(await requestRow(request?.id ?? '')).toMatchObject({ isApproved: false, isCompleted: false });
  });
});

async function createVerifiedId(email: string): Promise<string> {
  await signInVerified(t, email);
  return userIdOf(t, email);
}
