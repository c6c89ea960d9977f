import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, PASSWORD, tokenOf } from '../../../../tests/setup/accounts';
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
import type { AdminActionView } from '../../../shared/schemas/admin';
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
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });

describe('edit a user', () => {
  let id: string;
  let cookie: string;
  const base = { firstName: 'Endre', lastName: 'Meg', email: 'endre@example.no' };
  beforeAll(async () => {
    cookie = await signInVerified(t, 'endre@example.no', { firstName: 'Endre', lastName: 'Meg' });
    id = await userIdOf(t, 'endre@example.no');
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
    const before = await userRow(t, id);
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await userRow(t, id)).toEqual(before);
  });

  it('a taken e-mail, in any case, is 409 and changes nothing', async () => {
    await signInVerified(t, 'opptatt@example.no');
    const res = await patch({ ...base, firstName: 'Annet', email: 'OPPTATT@Example.no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('E-postadressen er allerede registrert');
    expect(await userRow(t, id)).toMatchObject({ firstName: 'Endre', email: 'endre@example.no' });
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
    id = await userIdOf(t, 'passord@example.no');
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
    const before = await userRow(t, id);
    const res = await change(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await userRow(t, id)).toEqual(before);
  });

  it('stores a hash, ends every session of the user, and mails them without the password', async () => {
    const res = await change({ newPassword: 'adminsatt1', confirmPassword: 'adminsatt1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Passord endret' });
    const row = await userRow(t, id);
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
    const res = await call('GET', `/api/admin/users/${await userIdOf(t, 'historikk@example.no')}/bids`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { amount: 4_250_000, propertyTitle: 'Historiehuset', propertyAddress: 'Gamleveien 1, 0001 Oslo' },
      { amount: 4_000_000, conditions: 'Finansiering', bidRoundId: round.id },
    ]);
    expect(res.json()[0].bidDeadline).toMatch(/Z$/);
    const none = await call(
      'GET',
      `/api/admin/users/${await userIdOf(t, 'historikk-selger@example.no')}/bids`,
    );
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
