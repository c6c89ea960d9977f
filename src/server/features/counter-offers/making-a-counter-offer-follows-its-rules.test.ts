import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, userIdOf } from '../../../../tests/setup/admin';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { createRoundAs, inDays, inHours, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidRounds, bids } from '../../db/schema';

// Decision 035: the owner's counter-offer to the bidder of a live bid. The answer's
// shape, the amount and deadline rules (400), one open counter-offer per bidder, and the bids and rounds
// that cannot be answered (409): each refusal leaves nothing behind, neither a row nor a message.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The counter-offer mails a bidder got. */
const offersTo = async (email: string) =>
  (await t.mails(email)).filter((m) => m.subject.startsWith('Motbud fra selgeren'));

describe('making a counter-offer', () => {
  it('answers 201 with the counter-offer as the owner sees it, and stores it open', async () => {
    const { owner, roundId, bidA } = await h.setting();
    const deadline = inHours(2);
    const res = await h.create(roundId, owner.cookie, {
      bidId: bidA.id,
      amount: 4_600_000,
      deadline,
      conditions: '  Overtakelse 1. mars  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['counterOffer', 'seq', 'hash', 'signedHead']);
    expect(body.counterOffer).toEqual({
      id: expect.any(String),
      bidId: bidA.id,
      bidAmount: 4_100_000,
      amount: 4_600_000,
      deadline: new Date(deadline).toISOString(),
      conditions: 'Overtakelse 1. mars',
      status: 'open',
      createdAt: expect.any(String),
      answeredAt: null,
      recipientLabel: 'Arne Test',
      isToMe: false,
      acceptedBidId: null,
    });
    expect(Math.abs(Date.parse(body.counterOffer.createdAt) - Date.now())).toBeLessThan(60_000);
    const [row] = await h.rowsOf(roundId);
    expect(row).toMatchObject({ id: body.counterOffer.id, status: 'open', amount: 4_600_000 });

    // Without conditions, or with only spaces: none.
    const plain = await h.createOk(roundId, owner.cookie, bidA.id, 4_700_000, { conditions: '   ' });
    expect(plain.conditions).toBeNull();
  });

  it('refuses an amount not higher than the bid, a deadline under 30 minutes ahead or after the round’s (400)', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const refused = async (body: Record<string, unknown>, message: string, path: string) => {
      const res = await h.create(roundId, owner.cookie, { bidId: bidA.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual([{ path, message }]);
    };
    const higher = 'Motbudet må være høyere enn budet';
    await refused({ amount: 4_100_000, deadline: inHours(2) }, higher, 'amount');
    await refused({ amount: 3_900_000, deadline: inHours(2) }, higher, 'amount');
    const soon = 'Fristen for motbudet må være minst 30 minutter frem i tid';
    await refused({ amount: 4_500_000, deadline: inMinutes(29) }, soon, 'deadline');
    await refused({ amount: 4_500_000, deadline: inMinutes(-5) }, soon, 'deadline');
    await refused(
      { amount: 4_500_000, deadline: inDays(4) },
      'Fristen for motbudet kan ikke være etter budfristen for budrunden',
      'deadline',
    );
    // A time without its offset would be read in the server's zone: refused by the schema.
    const bare = await h.create(roundId, owner.cookie, {
      bidId: bidA.id,
      amount: 4_500_000,
      deadline: '2031-01-01T12:00:00',
    });
    expect(bare.statusCode).toBe(400);
    expect(await h.rowsOf(roundId)).toEqual([]);
    await t.runJobs();
    expect(await offersTo(a.email)).toEqual([]);

    // 31 minutes ahead is enough.
    expect(
      (await h.create(roundId, owner.cookie, { bidId: bidA.id, amount: 4_500_000, deadline: inMinutes(31) }))
        .statusCode,
    ).toBe(201);
  });

  it('a second counter-offer to the same bidder withdraws the first; one to another bidder stands beside it', async () => {
    const { owner, a, roundId, bidA, bidB } = await h.setting();
    const first = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const toB = await h.createOk(roundId, owner.cookie, bidB.id, 5_500_000);
    const second = await h.createOk(roundId, owner.cookie, bidA.id, 4_400_000);
    const rows = await h.rowsOf(roundId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first.id, 'withdrawn'],
      [toB.id, 'open'],
      [second.id, 'open'],
    ]);
    expect(rows[0]?.answeredAt).not.toBeNull();
    expect((await h.listOk(roundId, a.cookie)).map((o) => o.status)).toEqual(['withdrawn', 'open', 'open']);
    // The replaced one can no longer be accepted.
    const late = await h.answer(first.id, 'accept', a.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Motbudet er trukket av selgeren');
  });
});

describe('a bid that cannot be answered: 409, and nothing changes', () => {
  /** Makes a counter-offer to `bidId` in `roundId` and expects 409 with `message`, no row and no mail. */
  async function refusedWith(
    roundId: string,
    cookie: string,
    bidId: string,
    message: string,
    recipient: string,
  ) {
    await t.runJobs();
    const mailsBefore = (await offersTo(recipient)).length;
    const rowsBefore = await h.rowsOf(roundId);
    const res = await h.create(roundId, cookie, { bidId, amount: 9_000_000, deadline: inHours(2) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await h.rowsOf(roundId)).toEqual(rowsBefore);
    await t.runJobs();
    expect(await offersTo(recipient)).toHaveLength(mailsBefore);
  }

  it('a rejected bid', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    expect((await h.reject(roundId, bidA.id, owner.cookie)).statusCode).toBe(200);
    await refusedWith(roundId, owner.cookie, bidA.id, 'Budet er allerede avslått', a.email);
  });

  it('a bid whose acceptance deadline has passed', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidA.id));
    await refusedWith(
      roundId,
      owner.cookie,
      bidA.id,
      'Akseptfristen for dette budet har gått ut. Budet binder ikke lenger budgiveren.',
      a.email,
    );
  });

  it('the bid of a bidder who deleted their account', async () => {
    const admin = await signInAdmin(t, 'admin.motbud@example.no');
    const { owner, a, roundId, bidA } = await h.setting();
    const id = await userIdOf(t, a.email);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${id}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await refusedWith(
      roundId,
      owner.cookie,
      bidA.id,
      'Budgiveren har slettet kontoen sin. Budet binder ikke lenger.',
      a.email,
    );
  });

  it('a bid of another round, even one the owner also owns', async () => {
    const { owner, b, roundId } = await h.setting();
    const other = await createRoundAs(t, owner.cookie, { title: 'Andrehuset' });
    const elsewhere = await placeBidOk(t, b.cookie, other.id, 4_200_000);
    await refusedWith(roundId, owner.cookie, elsewhere.id, 'Budet hører til en annen budrunde', b.email);
    expect(await h.rowsOf(other.id)).toEqual([]);
  });

  it('a closed round, and a round past its deadline that is not yet closed', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    expect((await h.closeRound(roundId, owner.cookie)).statusCode).toBe(200);
    await refusedWith(roundId, owner.cookie, bidA.id, 'Budrunden er allerede lukket', a.email);

    const late = await h.setting();
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: sql`clock_timestamp()` })
      .where(eq(bidRounds.id, late.roundId));
    await refusedWith(
      late.roundId,
      late.owner.cookie,
      late.bidA.id,
      'Budfristen for budrunden har gått ut. Det kan ikke gis motbud.',
      late.a.email,
    );
  });
});
