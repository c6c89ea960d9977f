import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, tokenOf } from '../../../../tests/setup/accounts';
import { signInAdmin, signInVerified, userIdOf } from '../../../../tests/setup/admin';
import {
  addPasskey,
  newAuthenticator,
  passkeyLogin,
  registrationOptions,
} from '../../../../tests/setup/passkeys';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { bidBody, signatureOptionsFor } from '../../../../tests/setup/signing';
import type { SoftwareAuthenticator } from '../../../../tests/setup/software-authenticator';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';
import type { PendingResetView } from '../../../shared/schemas/admin';
import { passkeyChallenges } from '../../db/passkey-schema';
import { signatureChallenges } from '../../db/signature-schema';
import { UNKNOWN_PASSKEY } from '../passkeys/passkey-login.service';

// A password reset, by the mailed link or by an administrator, ends every session and removes every passkey
// with its open challenges: someone who once added a passkey must not keep a way in after the owner's
// recovery (decision 052).

const SENTENCE = 'Alle passnøkler er fjernet. Legg til nye under Din profil.';
const NEW_PASSWORD = 'nyttpass1';

let t: TestApp;
let admin: { id: string; cookie: string };
let roundId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const owner = await signInVerified(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  roundId = (await createRoundAs(t, owner)).id;
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

/**
 * A user with a passkey (added through the real routes), a session from the password login and one from a
 * passkey login (as an intruder who planted the passkey would have), an open registration challenge and an
 * open signature challenge.
 */
async function userWithPasskey(email: string) {
  const passwordSession = await signInVerified(t, email);
  const authenticator = newAuthenticator();
  await addPasskey(t, passwordSession, authenticator, 'Inntrengerens nøkkel');
  const byPasskey = await passkeyLogin(t, authenticator);
  expect(byPasskey.statusCode, byPasskey.body).toBe(200);
  const passkeySession = sessionCookieFrom(byPasskey.headers['set-cookie']);
  expect((await registrationOptions(t, passkeySession)).statusCode).toBe(200);
  await signatureOptionsFor(t, passkeySession, bidBody(roundId, 4_100_000));
  const userId = await userIdOf(t, email);
  expect(await openChallengesOf(userId)).toEqual({ passkey: 1, signature: 1 });
  // The passkey's own mail goes now, so that it cannot be taken for the reset's.
  await t.runJobs();
  return { userId, authenticator, sessions: [passwordSession, passkeySession] };
}

async function openChallengesOf(userId: string) {
  const passkey = await t.deps.db
    .select()
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.userId, userId));
  const signature = await t.deps.db
    .select()
    .from(signatureChallenges)
    .where(eq(signatureChallenges.userId, userId));
  return { passkey: passkey.length, signature: signature.length };
}

/** After the reset: no old session works, no passkey is listed or logs in, no challenge is left. */
async function expectEveryWayInGone(
  email: string,
  user: { userId: string; authenticator: SoftwareAuthenticator; sessions: string[] },
) {
  for (const old of user.sessions) expect((await me(old)).statusCode).toBe(401);

  const fresh = await login(t, email, NEW_PASSWORD);
  expect(fresh.statusCode, fresh.body).toBe(200);
  const cookie = sessionCookieFrom(fresh.headers['set-cookie']);
  const listed = await t.request({ method: 'GET', url: '/api/passkeys', cookie });
  expect(listed.statusCode).toBe(200);
  expect(listed.json()).toEqual({ passkeys: [] });

  const byPasskey = await passkeyLogin(t, user.authenticator);
  expect(byPasskey.statusCode).toBe(401);
  expect(byPasskey.json().message).toBe(UNKNOWN_PASSKEY);
  expect(byPasskey.headers['set-cookie']).toBeUndefined();

  expect(await openChallengesOf(user.userId)).toEqual({ passkey: 0, signature: 0 });
}

/** The newest mail to the user with this subject, once the queue has run. */
async function mailTo(email: string, subject: string) {
  await t.runJobs();
  const mail = (await t.mails(email)).findLast((m) => m.subject === subject);
  if (!mail) throw new Error(`no mail '${subject}' to ${email}`);
  return mail;
}

describe('a password reset removes every passkey', () => {
  it('by the mailed link: every session ends, the passkey is gone, the answer and the mail say so', async () => {
    const email = 'lenke.nullstilt@example.no';
    const user = await userWithPasskey(email);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = linkFrom(await mailTo(email, 'Tilbakestill passordet ditt hos Budrunde'), '/reset-password');

    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(link), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEveryWayInGone(email, user);

    expect(reset.json().message).toContain(SENTENCE);
    const mail = await mailTo(email, 'Passordet ditt hos Budrunde er tilbakestilt');
    expect(mail.text).toContain(SENTENCE);
    expect(mail.html).toContain(SENTENCE);
  });

  it('by an administrator setting the password: the same, and the mail says so', async () => {
    const email = 'admin.nullstilt@example.no';
    const user = await userWithPasskey(email);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/change-password`,
      cookie: admin.cookie,
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEveryWayInGone(email, user);

    const mail = await mailTo(email, 'En administrator har endret passordet ditt hos Budrunde');
    expect(mail.text).toContain(SENTENCE);
    expect(mail.html).toContain(SENTENCE);
  });

  it('by an administrator approving a reset request: the same, and the mail says so', async () => {
    const email = 'godkjent.nullstilt@example.no';
    const user = await userWithPasskey(email);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const pending = await t.request({
      method: 'GET',
      url: '/api/admin/pending-password-resets',
      cookie: admin.cookie,
    });
    const request = (pending.json() as PendingResetView[]).find((r) => r.user.email === email);
    if (!request) throw new Error('no pending request');
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/approve-password-reset/${request.id}`,
      cookie: admin.cookie,
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEveryWayInGone(email, user);

    const mail = await mailTo(email, 'En administrator har endret passordet ditt hos Budrunde');
    expect(mail.text).toContain(SENTENCE);
    expect(mail.html).toContain(SENTENCE);
  });
});
