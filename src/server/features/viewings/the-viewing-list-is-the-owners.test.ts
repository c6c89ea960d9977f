import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  dayAfter,
  LATE_DEADLINE,
  osloDayAhead,
  roundView,
  signup,
  viewingHasTakenPlace,
  viewingOn,
  viewingsUrl,
} from '../../../../tests/setup/viewings';
import { viewingSignups } from '../../db/listing-schema';
import { users } from '../../db/schema';

// Decision 045: a signed-in, verified user signs up for a viewing (and off again), which follows the
// round too; the owner and administrators see who signed up, with name, phone and e-mail, as JSON and as
// CSV; a visitor gets 401 and anyone else 403.

let t: TestApp;
let seller: string;
let kari: string;
let ola: string;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-liste@example.no');
  kari = await signInVerified(t, 'kari-liste@example.no', { firstName: 'Kari', lastName: 'Nordmann' });
  ola = await signInVerified(t, 'ola-liste@example.no', {
    firstName: 'Ola',
    lastName: '=Hansen; "junior"',
    phone: '+47 99887766',
  });
  admin = await signInAdmin(t, 'admin-liste@example.no');
});
afterAll(() => t.close());

const VIEWING_DAY = osloDayAhead(20);
const newRoundWithViewing = async () => {
  const round = await createRoundAs(t, seller, { title: 'Listehuset', deadline: LATE_DEADLINE });
  const viewing = await addViewingOk(t, seller, round.id, viewingOn(VIEWING_DAY, '17:00', '18:00'));
  return { round, viewing };
};
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const mine = async (roundId: string, cookie: string) =>
  (await get(`/api/bid-rounds/${roundId}/viewing-signups`, cookie)).json().viewingIds;
const listUrl = (roundId: string, viewingId: string) => `${viewingsUrl(roundId)}/${viewingId}/signups`;

describe('the viewing list', () => {
  it('a user signs up (twice changes nothing), follows the round by it, and signs off again', async () => {
    const { round, viewing } = await newRoundWithViewing();
    const other = await addViewingOk(t, seller, round.id, viewingOn(dayAfter(VIEWING_DAY)));
    expect(await mine(round.id, kari)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await signup(t, 'POST', kari, round.id, viewing.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ signedUp: true });
    }
    expect(await mine(round.id, kari)).toEqual([viewing.id]);
    expect(await mine(round.id, ola)).toEqual([]);
    const following = await get(`/api/bid-rounds/${round.id}/follow/status`, kari);
    expect(following.json()).toEqual({ isFollowing: true });
    const followers = (await get(`/api/bid-rounds/${round.id}/followers`, seller)).json();
    expect(followers.map((f: { user: { email: string } }) => f.user.email)).toEqual([
      'kari-liste@example.no',
    ]);

    for (let i = 0; i < 2; i++) {
      const res = await signup(t, 'DELETE', kari, round.id, viewing.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ signedUp: false });
    }
    expect(await mine(round.id, kari)).toEqual([]);
    // Signing off a viewing is not unfollowing the round.
    expect((await get(`/api/bid-rounds/${round.id}/follow/status`, kari)).json()).toEqual({
      isFollowing: true,
    });
    expect((await signup(t, 'POST', kari, round.id, other.id)).statusCode).toBe(200);
    expect(await mine(round.id, kari)).toEqual([other.id]);
  });

  it('a visitor must log in, the owner cannot sign up for their own, an unknown viewing is not found', async () => {
    const { round, viewing } = await newRoundWithViewing();
    expect((await signup(t, 'POST', undefined, round.id, viewing.id)).statusCode).toBe(401);
    const own = await signup(t, 'POST', seller, round.id, viewing.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Du kan ikke melde deg på visning i din egen budrunde');
    const unknown = await signup(t, 'POST', kari, round.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Fant ikke visningen');
    expect(
      (await get(`/api/bid-rounds/00000000-0000-4000-8000-000000000000/viewing-signups`, kari)).statusCode,
    ).toBe(404);
  });

  it('a viewing that is over, or a closed round, takes no one: 409', async () => {
    const { round, viewing } = await newRoundWithViewing();
    await viewingHasTakenPlace(t, viewing.id);
    const over = await signup(t, 'POST', kari, round.id, viewing.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Visningen har allerede vært');
    const next = await newRoundWithViewing();
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${next.round.id}/close`, cookie: seller });
    const closed = await signup(t, 'POST', kari, next.round.id, next.viewing.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Budrunden er allerede lukket');
    expect(await mine(next.round.id, kari)).toEqual([]);
  });

  it('the owner and an admin see who signed up, with name, e-mail and phone; a bidder gets 403, a visitor 401', async () => {
    const { round, viewing } = await newRoundWithViewing();
    // Kari bids too: a bidder on the list still may not see it.
    const { minimumBidDeadline } = await roundView(t, kari, round.id);
    await placeBidOk(t, kari, round.id, 4_100_000, { bidDeadline: minimumBidDeadline });
    await signup(t, 'POST', kari, round.id, viewing.id);
    await signup(t, 'POST', ola, round.id, viewing.id);
    for (const cookie of [seller, admin.cookie]) {
      const res = await get(listUrl(round.id, viewing.id), cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        signups: [
          {
            firstName: 'Kari',
            lastName: 'Nordmann',
            email: 'kari-liste@example.no',
            phone: '+47 41234567',
            signedUpAt: expect.any(String),
          },
          {
            firstName: 'Ola',
            lastName: '=Hansen; "junior"',
            email: 'ola-liste@example.no',
            phone: '+47 99887766',
            signedUpAt: expect.any(String),
          },
        ],
      });
    }
    for (const path of [listUrl(round.id, viewing.id), `${listUrl(round.id, viewing.id)}.csv`]) {
      const refused = await get(path, kari);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Bare selgeren eller en administrator kan gjøre dette');
      expect((await get(path)).statusCode).toBe(401);
    }
  });

  // A cell that would start a formula ('=', and '+' of a phone number too) is written as text, as the
  // budjournal's CSV writes it.
  it('the CSV opens in Excel: BOM, semicolons, CRLF, no formulas, a dated file name, never cached', async () => {
    const { round, viewing } = await newRoundWithViewing();
    await signup(t, 'POST', kari, round.id, viewing.id);
    await signup(t, 'POST', ola, round.id, viewing.id);
    const res = await get(`${listUrl(round.id, viewing.id)}.csv`, seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="visningsliste-${VIEWING_DAY}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Fornavn;Etternavn;E-post;Telefon;Påmeldt');
    expect(lines[1]).toMatch(
      /^Kari;Nordmann;kari-liste@example\.no;'\+47 41234567;\d\d\.\d\d\.\d{4} \d\d:\d\d$/,
    );
    expect(lines[2]).toMatch(/^Ola;"'=Hansen; ""junior""";ola-liste@example\.no;'\+47 99887766;/);
    expect(lines.slice(3)).toEqual(['']);
  });

  it('a deleted account is no longer on the list, and its signups are deleted with it', async () => {
    const leaver = await signInVerified(t, 'forlater-liste@example.no');
    const [{ id: leaverId } = { id: '' }] = await t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'forlater-liste@example.no'));
    const { round, viewing } = await newRoundWithViewing();
    await signup(t, 'POST', leaver, round.id, viewing.id);
    expect(await t.deps.db.$count(viewingSignups, eq(viewingSignups.userId, leaverId))).toBe(1);
    await signup(t, 'POST', kari, round.id, viewing.id);
    expect((await t.request({ method: 'DELETE', url: '/api/users/me', cookie: leaver })).statusCode).toBe(
      200,
    );
    const emails = (await get(listUrl(round.id, viewing.id), seller))
      .json()
      .signups.map((s: { email: string }) => s.email);
    expect(emails).toEqual(['kari-liste@example.no']);
    expect(await t.deps.db.$count(viewingSignups, eq(viewingSignups.userId, leaverId))).toBe(0);
  });
});
