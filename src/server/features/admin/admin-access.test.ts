import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createUnverifiedUser, secretsIn, signInAdmin } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { adminActions } from '../../db/admin-action-schema';
import { bidRounds, passwordResetRequests, users } from '../../db/schema';

let t: TestApp;
let adminCookie: string;
let userCookie: string;
let targetId: string;
let requestId: string;
let roundId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signInAdmin(t)).cookie;
  userCookie = await signUp(t, 'vanlig@example.no');
  const sellerCookie = await signUp(t, 'selger@example.no');
  targetId = await createUnverifiedUser(t, 'ny@example.no');
  roundId = (await createRoundAs(t, sellerCookie)).id;
  await placeBidOk(t, userCookie, roundId, 4_100_000);
  // A verification link and a reset link go out, so there are token hashes in the database to leak.
  await t.request({
    method: 'POST',
    url: '/api/auth/resend-verification',
    payload: { email: 'ny@example.no' },
  });
  await t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'vanlig@example.no' },
  });
  await t.runJobs();
  const [request] = await t.deps.db.select().from(passwordResetRequests);
  requestId = request?.id ?? '';
});
afterAll(() => t.close());

const password = { newPassword: 'nyttpass1', confirmPassword: 'nyttpass1' };
const edit = { firstName: 'Ny', lastName: 'Navn', email: 'ny@example.no' };

/** Every admin call of SPEC §7, plus the audit trail's. */
const calls = () =>
  [
    { method: 'GET', url: '/api/admin/unverified-users' },
    { method: 'GET', url: '/api/admin/all-users' },
    { method: 'GET', url: '/api/admin/pending-password-resets' },
    { method: 'GET', url: `/api/admin/users/${targetId}/bids` },
    { method: 'GET', url: `/api/admin/users/${targetId}/actions` },
    { method: 'PATCH', url: `/api/admin/users/${targetId}`, payload: edit },
    { method: 'POST', url: `/api/admin/users/${targetId}/change-password`, payload: password },
    { method: 'POST', url: `/api/admin/approve-password-reset/${requestId}`, payload: password },
    { method: 'DELETE', url: `/api/admin/reject-password-reset/${requestId}` },
    { method: 'POST', url: `/api/admin/approve-user/${targetId}` },
    { method: 'DELETE', url: `/api/admin/reject-user/${targetId}` },
    { method: 'DELETE', url: `/api/admin/users/${targetId}` },
    { method: 'DELETE', url: `/api/admin/bid-rounds/${roundId}` },
  ] as const;

describe('access comes before validation', () => {
  it('a visitor gets 401 and a non-admin 403 even for a malformed id or body', async () => {
    const bad = [
      { method: 'PATCH', url: '/api/admin/users/ikke-en-id', payload: { firstName: '' } },
      { method: 'POST', url: `/api/admin/users/${targetId}/change-password`, payload: { newPassword: '1' } },
      { method: 'DELETE', url: '/api/admin/bid-rounds/ikke-en-id' },
    ] as const;
    for (const call of bad) {
      expect((await t.request({ ...call })).statusCode, call.url).toBe(401);
      expect((await t.request({ ...call, cookie: userCookie })).statusCode, call.url).toBe(403);
    }
  });
});

describe('who may call the admin API', () => {
  it('a visitor gets 401 from every admin call, and nothing changes', async () => {
    for (const call of calls()) {
      const res = await t.request({ ...call });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message).toBe('Du må være innlogget');
    }
    await expectNothingChanged();
  });

  it('a signed-in user who is not an admin gets 403 from every admin call, and nothing changes', async () => {
    for (const call of calls()) {
      const res = await t.request({ ...call, cookie: userCookie });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBe('Du har ikke tilgang til dette');
    }
    await expectNothingChanged();
  });

  it('an admin gets an answer from every call, and no answer holds a password hash, a token or a token hash', async () => {
    const stored = await t.deps.db
      .select({
        password: users.password,
        verify: users.emailVerificationToken,
        reset: users.passwordResetToken,
      })
      .from(users);
    const secrets = stored.flatMap((s) => [s.password, s.verify, s.reset]).filter((v): v is string => !!v);
    expect(secrets.length).toBeGreaterThan(5);
    const statuses: number[] = [];
    for (const call of calls()) {
      const res = await t.request({ ...call, cookie: adminCookie });
      statuses.push(res.statusCode);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeLessThan(500);
      for (const secret of secrets) expect(res.body).not.toContain(secret);
      expect(secretsIn(res.body), `${call.method} ${call.url}`).toEqual([]);
    }
    // The reset request is approved before its rejection is tried, and the user approved before the
    // rejection (only for unverified users): those two get a clear 409, every other call succeeds.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 409, 200, 409, 200, 200]);
  });
});

describe('malformed and unknown ids', () => {
  const unknown = randomUUID();
  it.each([
    ['POST', '/api/admin/approve-user/%s'],
    ['DELETE', '/api/admin/reject-user/%s'],
    ['DELETE', '/api/admin/users/%s'],
    ['GET', '/api/admin/users/%s/bids'],
    ['GET', '/api/admin/users/%s/actions'],
    ['DELETE', '/api/admin/reject-password-reset/%s'],
    ['DELETE', '/api/admin/bid-rounds/%s'],
  ] as const)('%s %s: 400 for a malformed id, 404 for an unknown one', async (method, pattern) => {
    const malformed = await t.request({
      method,
      url: pattern.replace('%s', 'ikke-en-id'),
      cookie: adminCookie,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^Ugyldig/);
    const missing = await t.request({ method, url: pattern.replace('%s', unknown), cookie: adminCookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/^Fant ikke|ble ikke funnet/);
  });

  it('PATCH, change-password and approve-password-reset: 404 for an unknown id with a valid body', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/users/${unknown}`, { ...edit, email: 'ukjent@example.no' }],
      ['POST', `/api/admin/users/${unknown}/change-password`, password],
      ['POST', `/api/admin/approve-password-reset/${unknown}`, password],
    ] as const) {
      const res = await t.request({ method, url, payload, cookie: adminCookie });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

async function expectNothingChanged() {
  const [target] = await t.deps.db.select().from(users).where(eq(users.id, targetId));
  expect(target).toMatchObject({ emailVerified: false, firstName: 'Ulla', deletedAt: null });
  const [request] = await t.deps.db
    .select()
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.id, requestId));
  expect(request).toMatchObject({ isApproved: false, isCompleted: false });
  expect(await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId))).toHaveLength(1);
  expect(await t.deps.db.select().from(adminActions)).toHaveLength(0);
}
