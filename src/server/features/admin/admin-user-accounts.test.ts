import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, register, tokenOf } from '../../../../tests/setup/accounts';
import {
  auditRowsFor,
  createUnverifiedUser,
  signInAdmin,
  signInVerified,
  userIdOf,
  userRow,
} from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { AdminUserView, UnverifiedUserView } from '../../../shared/schemas/admin';
import type { JournalView } from '../../../shared/schemas/journal';
import { bidRounds, sessions } from '../../db/schema';

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe('lists', () => {
  it('unverified users: name, e-mail, phone, registered at and verification mail sent at', async () => {
    await register(t, 'venter@example.no', { firstName: 'Vera', lastName: 'Venter' });
    await t.runJobs();
    const res = await call('GET', '/api/admin/unverified-users');
    const row = (res.json() as UnverifiedUserView[]).find((u) => u.email === 'venter@example.no');
    expect(row).toMatchObject({ firstName: 'Vera', lastName: 'Venter', phone: '+47 41234567' });
    expect(Date.parse(row?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(row?.emailVerificationSentAt ?? '')).not.toBeNaN();
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['createdAt', 'email', 'emailVerificationSentAt', 'firstName', 'id', 'lastName', 'phone'].sort(),
    );
  });

  it('all users: every live account with bidCount and lastBidAt, deleted accounts left out', async () => {
    const seller = await signInVerified(t, 'liste-selger@example.no');
    const bidder = await signInVerified(t, 'liste-byder@example.no');
    const round = await createRoundAs(t, seller);
    await placeBidOk(t, bidder, round.id, 4_000_000);
    const last = await placeBidOk(t, bidder, round.id, 4_100_000);
    const res = await call('GET', '/api/admin/all-users');
    const list = res.json() as AdminUserView[];
    const byEmail = (email: string) => list.find((u) => u.email === email);
    expect(byEmail('liste-byder@example.no')).toMatchObject({
      bidCount: 2,
      emailVerified: true,
      isAdmin: false,
    });
    const stored = await t.deps.db.query.bids.findFirst({ where: (b, { eq }) => eq(b.id, last.id) });
    expect(byEmail('liste-byder@example.no')?.lastBidAt).toBe(stored?.createdAt.toISOString());
    expect(byEmail('liste-selger@example.no')).toMatchObject({ bidCount: 0, lastBidAt: null });
    expect(byEmail('admin@example.no')).toMatchObject({ isAdmin: true });

    // The round must end first: a bidder whose bid still binds cannot delete the account.
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    expect((await t.request({ method: 'DELETE', url: '/api/users/me', cookie: bidder })).statusCode).toBe(
      200,
    );
    const after = (await call('GET', '/api/admin/all-users')).json() as AdminUserView[];
    expect(after.some((u) => u.email === 'liste-byder@example.no')).toBe(false);
    expect(after.some((u) => u.firstName === 'Slettet')).toBe(false);
  });
});

describe('approve an unverified user', () => {
  it('verifies the account so it can log in, kills the verification link, tells the user and writes one audit row', async () => {
    await register(t, 'godkjenn@example.no');
    await t.runJobs();
    const link = linkFrom((await t.mails('godkjenn@example.no')).at(-1), '/verify-email');
    expect((await login(t, 'godkjenn@example.no')).statusCode).toBe(403);
    const id = await userIdOf(t, 'godkjenn@example.no');

    const res = await call('POST', `/api/admin/approve-user/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bruker godkjent' });
    expect((await login(t, 'godkjenn@example.no')).statusCode).toBe(200);
    const verify = await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` });
    expect(verify.statusCode).toBe(400);
    expect((await userRow(t, id))?.emailVerificationToken).toBeNull();

    await t.runJobs();
    expect((await t.mails('godkjenn@example.no')).at(-1)?.subject).toBe(
      'Kontoen din hos Budrunde er godkjent',
    );

    const again = await call('POST', `/api/admin/approve-user/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Brukeren er allerede verifisert');
    const audit = await auditRowsFor(t, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, action: 'approve-user', targetType: 'user' });
  });
});

describe('reject an unverified user', () => {
  it('removes the account so the address can register again; a verified account gets 409', async () => {
    const id = await createUnverifiedUser(t, 'avvis@example.no');
    const res = await call('DELETE', `/api/admin/reject-user/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bruker avvist' });
    expect(await userRow(t, id)).toBeUndefined();
    expect((await call('DELETE', `/api/admin/reject-user/${id}`)).statusCode).toBe(404);
    expect((await register(t, 'avvis@example.no')).statusCode).toBe(201);
    // The record of who removed the account outlives the account.
    expect(await auditRowsFor(t, id)).toMatchObject([{ action: 'reject-user', adminId: admin.id }]);

    await signInVerified(t, 'verifisert@example.no');
    const verifiedId = await userIdOf(t, 'verifisert@example.no');
    const refused = await call('DELETE', `/api/admin/reject-user/${verifiedId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Bare brukere som ikke har bekreftet/);
    expect(await userRow(t, verifiedId)).toBeDefined();
    expect(await auditRowsFor(t, verifiedId)).toHaveLength(0);
  });
});

describe('delete a user', () => {
  it('scrubs the account as account deletion does: sessions end, data goes, own rounds close, bids stay anonymised', async () => {
    const sellerCookie = await signInVerified(t, 'slett-meg@example.no', {
      firstName: 'Sara',
      lastName: 'Slett',
    });
    const otherSeller = await signInVerified(t, 'annen-selger@example.no');
    const buyer = await signInVerified(t, 'kjoper@example.no');
    const ownRound = await createRoundAs(t, sellerCookie, { title: 'Saras hus' });
    await placeBidOk(t, buyer, ownRound.id, 4_200_000);
    const otherRound = await createRoundAs(t, otherSeller, { title: 'Annet hus' });
    await placeBidOk(t, sellerCookie, otherRound.id, 4_050_000);
    const id = await userIdOf(t, 'slett-meg@example.no');

    const res = await call('DELETE', `/api/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bruker slettet' });
    expect((await me(sellerCookie)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const row = await userRow(t, id);
    expect(row).toMatchObject({ firstName: 'Slettet', lastName: 'bruker', phone: null, address: null });
    expect(row?.email).toMatch(/@slettet\.invalid$/);
    expect((await login(t, 'slett-meg@example.no')).statusCode).toBe(401);

    const [closed] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, ownRound.id));
    expect(closed?.isClosed).toBe(true);
    const journals = (
      await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie: buyer })
    ).json();
    expect((journals as JournalView[]).some((j) => j.bidRound.id === ownRound.id)).toBe(true);

    const ownerView = await t.request({
      method: 'GET',
      url: `/api/owner/bid-rounds/${otherRound.id}/bids`,
      cookie: otherSeller,
    });
    expect(ownerView.json()[0].user).toMatchObject({ firstName: 'Slettet', lastName: 'bruker', email: '' });
    expect(ownerView.body).not.toContain('slett-meg@example.no');

    expect((await call('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(404);
    expect(await auditRowsFor(t, id)).toMatchObject([{ action: 'delete-user', adminId: admin.id }]);
  });

  it('an admin account cannot be deleted', async () => {
    const other = await signInAdmin(t, 'admin2@example.no');
    const res = await call('DELETE', `/api/admin/users/${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Administratorkontoer kan ikke slettes');
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect(await auditRowsFor(t, other.id)).toHaveLength(0);
  });
});
