import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, login, PASSWORD, signUp, tokenOf } from '../../../../tests/setup/accounts';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';
import { createRoundSchema } from '../../../shared/schemas/bid-round';
import { bidRoundFollowers, bids, passwordResetRequests, sessions, users } from '../../db/schema';
import { RESET_TTL_MS } from '../auth/auth.service';
import { createRound } from '../bid-rounds/bid-rounds.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', cookie });
const userRow = async (email: string) =>
  (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
const forgot = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, newPassword = 'nyttpass1', confirmPassword = newPassword) =>
  t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword, confirmPassword },
  });

describe('forgot and reset password', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signUp(t, 'glemsk@example.no');
  });

  it('answers the same for known and unknown addresses, and records a request only for the known', async () => {
    const known = await forgot('glemsk@example.no');
    const unknown = await forgot('ingen@example.no');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'Hvis e-postadressen er registrert, har vi sendt en lenke for å tilbakestille passordet.',
    );
    const requests = await t.deps.db.select().from(passwordResetRequests);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ isCompleted: false, newPassword: null });
    await t.runJobs();
    expect(await t.mails('ingen@example.no')).toHaveLength(0);
  });

  it('resets with the mailed link once, completes the request, and ends every session', async () => {
    const mail = (await t.mails('glemsk@example.no')).at(-1);
    expect(mail?.subject).toBe('Tilbakestill passordet ditt hos Budrunde');
    const token = tokenOf(linkFrom(mail, '/reset-password'));

    const mismatch = await reset(token, 'nyttpass1', 'annetpass');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { path: 'confirmPassword', message: 'Passordene stemmer ikke overens' },
    ]);
    const short = await reset(token, '12345');
    expect(short.json().errors[0]).toEqual({ path: 'newPassword', message: 'Passord må være minst 6 tegn' });

    const ok = await reset(token);
    expect(ok.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(t, 'glemsk@example.no')).statusCode).toBe(401);
    expect((await login(t, 'glemsk@example.no', 'nyttpass1')).statusCode).toBe(200);
    const [request] = await t.deps.db.select().from(passwordResetRequests);
    expect(request?.isCompleted).toBe(true);

    const reused = await reset(token, 'tredjepass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/ugyldig eller utløpt/);
  });

  it('a reset link expires after one hour', async () => {
    await forgot('glemsk@example.no');
    await t.runJobs();
    // The link's mail by its link: the last reset's confirmation mail went out in the same run of the queue.
    const mails = await t.mails('glemsk@example.no');
    const mail = mails.findLast((m) => m.text.includes('/reset-password'));
    const token = tokenOf(linkFrom(mail, '/reset-password'));
    t.clock.advance(RESET_TTL_MS + 60_000);
    expect((await reset(token)).statusCode).toBe(400);
  });

  it('a missing token is refused by the schema', async () => {
    const res = await reset('');
    expect(res.json().errors[0]).toEqual({ path: 'token', message: 'Token er påkrevd' });
  });
});

describe('profile', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signUp(t, 'profil@example.no');
  });
  const patch = (payload: Record<string, unknown>) =>
    t.request({ method: 'PATCH', url: '/api/users/me', payload, cookie });
  const profile = {
    firstName: 'Kari',
    lastName: 'Nordmann',
    phone: '+47 41234567',
    address: 'Storgata 1, 0155 Oslo',
  };

  it('updates the profile and returns the user', async () => {
    const res = await patch({
      ...profile,
      firstName: 'Karianne',
      bankName: 'DNB',
      bankContactName: 'Per',
      bankContactPhone: '+46 701234567',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Karianne',
      bankName: 'DNB',
      bankContactPhone: '+46 701234567',
    });
    expect((await me(cookie)).json().firstName).toBe('Karianne');
  });

  it.each([
    [{ phone: '+47 1234' }, 'phone'],
    [{ phone: '41234567' }, 'phone'],
    [{ bankContactPhone: '+47 123456789' }, 'bankContactPhone'],
  ])('refuses %o with the phone rule and changes nothing', async (change, path) => {
    const res = await patch({ ...profile, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      path,
      message:
        'Telefonnummer må inkludere landkode. Norske nummer (+47) må ha nøyaktig 8 siffer etter landkoden (f.eks. +47 12345678)',
    });
    expect((await me(cookie)).json().firstName).toBe('Karianne');
  });

  it('empty phones are allowed and stored as empty', async () => {
    const res = await patch({ ...profile, phone: '', bankContactPhone: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, bankContactPhone: null });
  });

  it('requires a name, and a session', async () => {
    expect((await patch({ ...profile, firstName: '' })).json().errors[0]).toEqual({
      path: 'firstName',
      message: 'Fornavn er påkrevd',
    });
    const anon = await t.request({ method: 'PATCH', url: '/api/users/me', payload: profile });
    expect(anon.statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('checks the current password, and ends the other sessions but not this one', async () => {
    const cookie = await signUp(t, 'bytter@example.no');
    const other = sessionCookieFrom((await login(t, 'bytter@example.no')).headers['set-cookie']);
    const change = (payload: Record<string, string>) =>
      t.request({ method: 'POST', url: '/api/auth/change-password', payload, cookie });

    const wrong = await change({
      currentPassword: 'feilpass',
      newPassword: 'nyttpass1',
      confirmPassword: 'nyttpass1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'Nåværende passord er feil' }]);
    const mismatch = await change({
      currentPassword: PASSWORD,
      newPassword: 'nyttpass1',
      confirmPassword: 'nyttpass2',
    });
    expect(mismatch.json().errors).toEqual([
      { path: 'confirmPassword', message: 'Passordene stemmer ikke overens' },
    ]);
    const empty = await change({ currentPassword: '', newPassword: '12345', confirmPassword: '1' });
    for (const error of [
      { path: 'currentPassword', message: 'Nåværende passord er påkrevd' },
      { path: 'newPassword', message: 'Nytt passord må være minst 6 tegn' },
      { path: 'confirmPassword', message: 'Bekreft passord må være minst 6 tegn' },
    ]) {
      expect(empty.json().errors).toContainEqual(error);
    }

    const ok = await change({
      currentPassword: PASSWORD,
      newPassword: 'nyttpass1',
      confirmPassword: 'nyttpass1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Passord endret' });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(t, 'bytter@example.no', 'nyttpass1')).statusCode).toBe(200);
    await t.runJobs();
    expect((await t.mails('bytter@example.no')).at(-1)?.subject).toBe(
      'Passordet ditt hos Budrunde er endret',
    );
  });
});

describe('delete own account', () => {
  it('scrubs personal data, ends sessions and follows, keeps bids', async () => {
    const cookie = await signUp(t, 'slett@example.no', { bankName: 'DNB' });
    const user = await userRow('slett@example.no');
    const sellerCookie = await signUp(t, 'selger2@example.no');
    const seller = (await me(sellerCookie)).json();
    const roundId = await createRound(
      t.deps.db,
      seller.id,
      createRoundSchema.parse({ title: 'Hus', address: 'Vei 1', startingPrice: 100 }),
    );
    // A bid whose acceptance deadline has passed: it no longer binds, so the account may go, and the bid stays.
    await t.deps.db.insert(bids).values({
      bidRoundId: roundId,
      userId: user?.id ?? '',
      amount: 150,
      bidDeadline: new Date(Date.now() - 60_000),
    });
    await t.deps.db.insert(bidRoundFollowers).values({ bidRoundId: roundId, userId: user?.id ?? '' });

    const res = await t.request({ method: 'DELETE', url: '/api/users/me', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Konto slettet' });

    const [row] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    expect(row).toMatchObject({
      firstName: 'Slettet',
      lastName: 'bruker',
      phone: null,
      address: null,
      bankName: null,
      bankContactName: null,
      bankContactPhone: null,
    });
    expect(row?.email).toBe(`slettet-${user?.id}@slettet.invalid`);
    expect(row?.deletedAt).not.toBeNull();
    expect(
      await t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toHaveLength(0);
    expect(
      await t.deps.db
        .select()
        .from(bidRoundFollowers)
        .where(eq(bidRoundFollowers.userId, user?.id ?? '')),
    ).toHaveLength(0);
    expect(
      await t.deps.db
        .select()
        .from(bids)
        .where(eq(bids.userId, user?.id ?? '')),
    ).toHaveLength(1);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(t, 'slett@example.no')).statusCode).toBe(401);
    // The address is free for a new account.
    await signUp(t, 'slett@example.no');
  });
});

describe('delete own account: rounds and journals', () => {
  it('closes the user’s own open rounds with journals, and scrubs them from other journals', async () => {
    const { createRoundAs, placeBidOk } = await import('../../../../tests/setup/rounds');
    const seller = await signUp(t, 'selger3@example.no', { firstName: 'Sigrid', lastName: 'Selger' });
    const leaver = await signUp(t, 'leaver@example.no', {
      firstName: 'Lasse',
      lastName: 'Forsvinn',
      bankName: 'Lassebank',
    });
    const other = await signUp(t, 'annen@example.no');
    const theirs = await createRoundAs(t, seller, { title: 'Selgers hus' });
    await placeBidOk(t, leaver, theirs.id, 4_000_000);
    await placeBidOk(t, other, theirs.id, 4_100_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${theirs.id}/close`, cookie: seller });
    const own = await createRoundAs(t, leaver, { title: 'Lasses hus' });
    await placeBidOk(t, other, own.id, 4_000_000);

    expect((await t.request({ method: 'DELETE', url: '/api/users/me', cookie: leaver })).statusCode).toBe(
      200,
    );

    const journals = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie })).json() as {
        bidRound: { id: string; closeReason: string };
        journalData: { bidderName: string; bankName: string | null }[];
      }[];
    const sellerCopy = (await journals(seller)).find((j) => j.bidRound.id === theirs.id);
    expect(sellerCopy?.journalData.map((e) => e.bidderName)).toEqual(['Kari Nordmann', 'Slettet bruker']);
    expect(JSON.stringify(sellerCopy)).not.toMatch(/Lasse|Lassebank|leaver@/);
    // The leaver's own round was closed, and the other bidder has its journal.
    const otherCopy = (await journals(other)).find((j) => j.bidRound.id === own.id);
    expect(otherCopy?.bidRound.closeReason).toBe('owner-deleted');
  });
});
