import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registrationPayload, signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidRounds, users } from '../../db/schema';
import { ensureAdmin } from '../accounts/accounts.service';

let t: TestApp;
let owner: string;
let kari: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie' });
  kari = await signUp(t, 'kari@example.no');
});
afterAll(() => t.close());

describe('hard cases', () => {
  it('text with a NUL character gets a Norwegian 400, never a 500', async () => {
    const round = await createRoundAs(t, owner);
    const res = await placeBid(t, kari, round.id, 4_000_000, { conditions: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Teksten inneholder ugyldige tegn');
    const profile = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie: kari,
      payload: { firstName: '\u0000', lastName: 'x' },
    });
    expect(profile.statusCode).toBe(400);
  });

  it.each([
    ['2031-01-01 12:00', 'Akseptfrist må velges'],
    ['+275760-09-13T00:00:00.000Z', 'Akseptfrist må velges'],
    [
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      'Akseptfristen kan ikke være mer enn ett år frem i tid',
    ],
  ])('an acceptance deadline of %s is refused with “%s”', async (bidDeadline, message) => {
    const round = await createRoundAs(t, owner);
    const res = await placeBid(t, kari, round.id, 4_000_000, { bidDeadline });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'bidDeadline', message });
  });

  it('an owner closing after the deadline is recorded as the deadline ending the round', async () => {
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_000_000);
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(bidRounds.id, round.id));
    const res = await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: owner });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, round.id));
    expect(row).toMatchObject({ closeReason: 'deadline', closedBy: null });
  });

  it('a name that looks like a pseudonym is refused at registration and in the profile', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registrationPayload('pseudo@example.no'), firstName: 'Budgiver', lastName: 'Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'lastName',
      message: 'Navnet kan ikke ligne på et anonymt budgivernavn',
    });
    const profile = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie: kari,
      payload: { firstName: 'budgiver', lastName: 'ab' },
    });
    expect(profile.statusCode).toBe(400);
  });

  it('deleting an account scrubs it from the owner’s journal, and drops mail still queued for it', async () => {
    const sneaky = await signUp(t, 'sneaky@example.no', {
      firstName: 'Bud',
      lastName: 'Giver',
      bankName: 'Hemmelig bank',
    });
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, sneaky, round.id, 4_000_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: owner });
    await t.request({ method: 'DELETE', url: '/api/users/me', cookie: sneaky });
    await t.runJobs();
    // The close queued a 'journal ready' mail; after deletion only the goodbye reached the old address.
    expect((await t.mails('sneaky@example.no')).slice(-1).map((m) => m.subject)).toEqual([
      'Kontoen din hos Budrunde er slettet',
    ]);
    expect((await t.mails('sneaky@example.no')).some((m) => m.subject.startsWith('Budjournalen'))).toBe(
      false,
    );
    const journals = (
      await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie: owner })
    ).json();
    const text = JSON.stringify(
      journals.find((j: { bidRound: { id: string } }) => j.bidRound.id === round.id),
    );
    expect(text).toContain('Slettet bruker');
    expect(text).not.toMatch(/sneaky@example|Hemmelig bank/);
  });

  it('ADMIN_EMAIL takes over an earlier registration only with the configured password', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Eve',
        lastName: 'Angriper',
        email: 'boss@example.no',
        password: 'angriperens',
        countryCode: '+47',
        phoneNumber: '41234567',
        streetAddress: 'Storgata 1',
        postalCode: '0155',
        city: 'Oslo',
        agreeToTerms: true,
      },
    });
    await ensureAdmin(t.deps.db, 'boss@example.no', 'driftspassord');
    expect((await login(t, 'boss@example.no', 'angriperens')).statusCode).toBe(401);
    expect((await login(t, 'boss@example.no', 'driftspassord')).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'boss@example.no'));
    expect(row).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it('an admin closing someone else’s round gets the full journal back', async () => {
    await ensureAdmin(t.deps.db, 'admin@example.no', 'adminpass');
    const admin =
      String((await login(t, 'admin@example.no', 'adminpass')).headers['set-cookie']).split(';')[0] ?? '';
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_000_000);
    const res = await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: admin });
    expect(res.json().bids).toHaveLength(1);
    expect(res.json().bids[0].bidderName).toBe('Kari Nordmann');
  });
});
