import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, PASSWORD, register, tokenOf } from '../../../../tests/setup/accounts';
import {
  auditRowsFor,
  createUnverifiedUser,
  signInAdmin,
  signInVerified,
} from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { AdminActionView, AdminUserView, UnverifiedUserView } from '../../../shared/schemas/admin';
import type { JournalView } from '../../../shared/schemas/journal';
import { bidRounds, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../security/passwords';

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: admin.cookie });
const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0];
const idOf = async (email: string) =>
  (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
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

    await t.request({ method: 'DELETE', url: '/api/users/me', cookie: bidder });
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
    const id = await idOf('godkjenn@example.no');

    const res = await call('POST', `/api/admin/approve-user/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bruker godkjent' });
    expect((await login(t, 'godkjenn@example.no')).statusCode).toBe(200);
    const verify = await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` });
    expect(verify.statusCode).toBe(400);
    expect((await userRow(id))?.emailVerificationToken).toBeNull();

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
    expect(await userRow(id)).toBeUndefined();
    expect((await call('DELETE', `/api/admin/reject-user/${id}`)).statusCode).toBe(404);
    expect((await register(t, 'avvis@example.no')).statusCode).toBe(201);
    // The record of who removed the account outlives the account.
    expect(await auditRowsFor(t, id)).toMatchObject([{ action: 'reject-user', adminId: admin.id }]);

    await signInVerified(t, 'verifisert@example.no');
    const verifiedId = await idOf('verifisert@example.no');
    const refused = await call('DELETE', `/api/admin/reject-user/${verifiedId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Bare brukere som ikke har bekreftet/);
    expect(await userRow(verifiedId)).toBeDefined();
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
    const id = await idOf('slett-meg@example.no');

    const res = await call('DELETE', `/api/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bruker slettet' });
    expect((await me(sellerCookie)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const row = await userRow(id);
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

describe('edit a user', () => {
  let id: string;
  let cookie: string;
  const base = { firstName: 'Endre', lastName: 'Meg', email: 'endre@example.no' };
  beforeAll(async () => {
    cookie = await signInVerified(t, 'endre@example.no', { firstName: 'Endre', lastName: 'Meg' });
    id = await idOf('endre@example.no');
  });
  const patch = (payload: object) => call('PATCH', `/api/admin/users/${id}`, payload);

  it.each([
    [{ ...base, firstName: ' ' }, 'firstName', 'Fornavn er påkrevd'],
    [{ ...base, lastName: '' }, 'lastName', 'Etternavn er påkrevd'],
    [{ ...base, email: '' }, 'email', 'E-post er påkrevd'],
    [{ ...base, email: 'ikke-epost' }, 'email', 'Ugyldig e-postadresse'],
    [{ ...base, phone: '12345678' }, 'phone', expect.stringMatching(/^Telefonnummer må inkludere landkode/)],
    [{ ...base, bankContactPhone: '+47 123' }, 'bankContactPhone', expect.stringMatching(/^Telefonnummer/)],
    [
      { ...base, firstName: 'Budgiver', lastName: 'A' },
      'lastName',
      'Navnet kan ikke ligne på et anonymt budgivernavn',
    ],
  ])('refuses %j with a Norwegian message and changes nothing', async (payload, path, message) => {
    const before = await userRow(id);
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await userRow(id)).toEqual(before);
  });

  it('a taken e-mail, in any case, is 409 and changes nothing', async () => {
    await signInVerified(t, 'opptatt@example.no');
    const res = await patch({ ...base, firstName: 'Annet', email: 'OPPTATT@Example.no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('E-postadressen er allerede registrert');
    expect(await userRow(id)).toMatchObject({ firstName: 'Endre', email: 'endre@example.no' });
  });

  it('saves every field, the user sees it at once, and the audit row names the fields but not the values', async () => {
    const res = await patch({
      ...base,
      firstName: 'Endret',
      phone: '+46 701234567',
      address: 'Ny gate 2, 0150 Oslo',
      bankName: 'Nordea',
      bankContactName: 'Rita Rådgiver',
      bankContactPhone: '+47 99887766',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, firstName: 'Endret', bankName: 'Nordea', bidCount: 0 });
    expect((await me(cookie)).json()).toMatchObject({ firstName: 'Endret', phone: '+46 701234567' });
    const [audit] = (await auditRowsFor(t, id)).slice(-1);
    expect(audit?.summary).toBe(
      'Endret fornavn, telefon, adresse, bank, bankkontakt, bankkontaktens telefon',
    );
    expect(audit?.summary).not.toContain('Nordea');
  });

  it('a changed e-mail: login with the new address, old links stop working, the old address is told', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'endre@example.no' },
    });
    await t.runJobs();
    const resetLink = linkFrom((await t.mails('endre@example.no')).at(-1), '/reset-password');

    const res = await patch({ ...base, firstName: 'Endret', email: 'Ny.Adresse@example.no' });
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    expect((await t.mails('endre@example.no')).at(-1)?.subject).toBe(
      'E-postadressen på kontoen din hos Budrunde er endret',
    );
    expect((await login(t, 'ny.adresse@example.no')).statusCode).toBe(200);
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(resetLink), newPassword: 'kapret12', confirmPassword: 'kapret12' },
    });
    expect(reset.statusCode).toBe(400);
    // Changing only the case of one's own address is no conflict.
    expect((await patch({ ...base, firstName: 'Endret', email: 'ny.adresse@EXAMPLE.no' })).statusCode).toBe(
      200,
    );
  });

  it('leaves out optional fields that are not sent, and clears those sent empty', async () => {
    const res = await patch({
      firstName: 'Endret',
      lastName: 'Meg',
      email: 'ny.adresse@example.no',
      bankName: '',
    });
    expect(res.json()).toMatchObject({ phone: '+46 701234567', bankName: null });
  });
});

describe("change a user's password", () => {
  let id: string;
  let cookie: string;
  beforeAll(async () => {
    cookie = await signInVerified(t, 'passord@example.no');
    id = await idOf('passord@example.no');
  });
  const change = (payload: object, who = admin.cookie) =>
    t.request({ method: 'POST', url: `/api/admin/users/${id}/change-password`, payload, cookie: who });

  it.each([
    [{}, 'newPassword', 'Passord er påkrevd'],
    [{ newPassword: '' }, 'newPassword', 'Passord er påkrevd'],
    [{ newPassword: '12345' }, 'newPassword', 'Passord må være minst 6 tegn'],
    [
      { newPassword: 'nyttpass1', confirmPassword: 'nyttpass2' },
      'confirmPassword',
      'Passordene er ikke like',
    ],
  ])('refuses %j and changes nothing', async (payload, path, message) => {
    const before = await userRow(id);
    const res = await change(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await userRow(id)).toEqual(before);
  });

  it('stores a hash, ends every session of the user, and mails them without the password', async () => {
    const res = await change({ newPassword: 'adminsatt1', confirmPassword: 'adminsatt1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Passord endret' });
    const row = await userRow(id);
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.password ?? '', 'adminsatt1')).toBe(true);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(t, 'passord@example.no', PASSWORD)).statusCode).toBe(401);
    expect((await login(t, 'passord@example.no', 'adminsatt1')).statusCode).toBe(200);
    await t.runJobs();
    const mail = (await t.mails('passord@example.no')).at(-1);
    expect(mail?.subject).toBe('En administrator har endret passordet ditt hos Budrunde');
    expect(`${mail?.text}${mail?.html}`).not.toContain('adminsatt1');
    const [audit] = (await auditRowsFor(t, id)).slice(-1);
    expect(audit).toMatchObject({ action: 'change-password', adminId: admin.id });
    expect(audit?.summary).not.toContain('adminsatt1');
  });

  it('an admin who sets their own password here keeps the session they did it from', async () => {
    const own = await signInAdmin(t, 'egen@example.no');
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/users/${own.id}/change-password`,
      payload: { newPassword: 'egetpass1' },
      cookie: own.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(own.cookie)).statusCode).toBe(200);
  });
});

describe("a user's bid history and audit trail", () => {
  it('lists bids with propertyTitle and propertyAddress, newest first; none is an empty list', async () => {
    const seller = await signInVerified(t, 'historikk-selger@example.no');
    const bidder = await signInVerified(t, 'historikk@example.no');
    const round = await createRoundAs(t, seller, {
      title: 'Historiehuset',
      address: 'Gamleveien 1, 0001 Oslo',
    });
    await placeBidOk(t, bidder, round.id, 4_000_000, { conditions: 'Finansiering' });
    await placeBidOk(t, bidder, round.id, 4_250_000);
    const res = await call('GET', `/api/admin/users/${await idOf('historikk@example.no')}/bids`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { amount: 4_250_000, propertyTitle: 'Historiehuset', propertyAddress: 'Gamleveien 1, 0001 Oslo' },
      { amount: 4_000_000, conditions: 'Finansiering', bidRoundId: round.id },
    ]);
    expect(res.json()[0].bidDeadline).toMatch(/Z$/);
    const none = await call('GET', `/api/admin/users/${await idOf('historikk-selger@example.no')}/bids`);
    expect(none.json()).toEqual([]);
  });

  it('shows the latest admin actions on a user, newest first, with the admin who took them', async () => {
    const id = await createUnverifiedUser(t, 'spor@example.no');
    await call('PATCH', `/api/admin/users/${id}`, {
      firstName: 'Spor',
      lastName: 'Sporsen',
      email: 'spor@example.no',
    });
    await call('POST', `/api/admin/approve-user/${id}`);
    const res = await call('GET', `/api/admin/users/${id}/actions`);
    const actions = res.json() as AdminActionView[];
    expect(actions.map((a) => a.action)).toEqual(['approve-user', 'update-user']);
    expect(actions[1]).toMatchObject({
      summary: 'Endret fornavn, etternavn',
      admin: { firstName: 'Anne', lastName: 'Admin', email: 'admin@example.no' },
    });
  });
});

describe('the audit trail is append-only', () => {
  it('refuses to change or remove a row', async () => {
    const rows = await t.deps.db.execute(sql`select count(*)::int as n from admin_actions`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBeGreaterThan(0);
    await expect(t.deps.db.execute(sql`update admin_actions set summary = 'endret'`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from admin_actions`)).rejects.toThrow();
  });
});
