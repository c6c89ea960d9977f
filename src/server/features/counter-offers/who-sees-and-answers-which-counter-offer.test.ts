import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { inHours } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 035: what each of visitor, bidder A, bidder B, another user, owner
// and admin sees of a round's counter-offers, and who may make, withdraw, accept and decline them. A
// counter-offer is the seller's own word: an admin may read it all but may not make or withdraw one.

let t: TestApp;
let h: CounterOfferHelpers;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  admin = await signInAdmin(t, 'admin.innsyn@example.no');
});
afterAll(() => t.close());

/** Selma's round with a counter-offer to each of Arne (with conditions) and Berit (with others). */
async function twoOffers() {
  const s = await h.setting();
  const toA = await h.createOk(s.roundId, s.owner.cookie, s.bidA.id, 4_500_000, {
    conditions: 'Overtakelse 1. mars',
  });
  const toB = await h.createOk(s.roundId, s.owner.cookie, s.bidB.id, 5_500_000, {
    conditions: 'Hvitevarer følger med',
  });
  return { ...s, toA, toB };
}

describe('who sees what', () => {
  it('the owner and an admin see every recipient by name, with the conditions', async () => {
    const { owner, roundId, toA, toB } = await twoOffers();
    for (const cookie of [owner.cookie, admin.cookie]) {
      const res = await h.list(roundId, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject([
        { id: toA.id, recipientLabel: 'Arne Test', conditions: 'Overtakelse 1. mars', isToMe: false },
        { id: toB.id, recipientLabel: 'Berit Test', conditions: 'Hvitevarer følger med', isToMe: false },
      ]);
    }
  });

  it('a bidder sees their own as Du with its conditions, the other’s as a pseudonym without them, and no names', async () => {
    const { a, b, roundId, toA, toB } = await twoOffers();
    const toArne = await h.list(roundId, a.cookie);
    expect(toArne.json()).toEqual([
      expect.objectContaining({
        id: toA.id,
        recipientLabel: 'Du',
        isToMe: true,
        conditions: 'Overtakelse 1. mars',
      }),
      expect.objectContaining({
        id: toB.id,
        recipientLabel: 'Budgiver B',
        isToMe: false,
        amount: 5_500_000,
        bidAmount: 5_250_000,
        status: 'open',
        deadline: toB.deadline,
        conditions: null,
      }),
    ]);
    const toBerit = await h.list(roundId, b.cookie);
    expect(toBerit.json()).toEqual([
      expect.objectContaining({ id: toA.id, recipientLabel: 'Budgiver A', isToMe: false, conditions: null }),
      expect.objectContaining({
        id: toB.id,
        recipientLabel: 'Du',
        isToMe: true,
        conditions: 'Hvitevarer følger med',
      }),
    ]);
    // The pseudonyms are those of the bid list.
    const bidList = await h.roundBids(roundId, b.cookie);
    expect(bidList.bids.find((x) => x.amount === 4_100_000)?.bidderLabel).toBe('Budgiver A');

    expect(toArne.body).not.toMatch(/Berit|Hvitevarer|@example\.no|\+47/);
    expect(toBerit.body).not.toMatch(/Arne|Overtakelse|@example\.no|\+47/);
    expect(`${toArne.body}${toBerit.body}`).not.toMatch(/Selma|Test/);
  });

  it('a signed-in user who did not bid sees pseudonyms, amounts and statuses only', async () => {
    const { roundId, toA, toB } = await twoOffers();
    const other = await h.person('Olav');
    const res = await h.list(roundId, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: toA.id, recipientLabel: 'Budgiver A', conditions: null, isToMe: false }),
      expect.objectContaining({ id: toB.id, recipientLabel: 'Budgiver B', conditions: null, isToMe: false }),
    ]);
    expect(res.body).not.toMatch(/Arne|Berit|Selma|Test|Overtakelse|Hvitevarer|@|\+47/);
  });

  it('a visitor gets 401 from every counter-offer call, and nothing changes', async () => {
    const { roundId, bidA, toA } = await twoOffers();
    const calls = [
      h.create(roundId, null, { bidId: bidA.id, amount: 4_600_000, deadline: inHours(2) }),
      h.list(roundId, null),
      h.answer(toA.id, 'accept', null),
      h.answer(toA.id, 'decline', null),
      h.withdraw(toA.id, null),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
    expect((await h.rowsOf(roundId)).map((r) => r.status)).toEqual(['open', 'open']);
  });
});

describe('who may act', () => {
  it('only the owner makes or withdraws one: bidders and an admin get 403', async () => {
    const { a, b, roundId, bidA, toA } = await twoOffers();
    for (const cookie of [a.cookie, b.cookie, admin.cookie]) {
      const made = await h.create(roundId, cookie, {
        bidId: bidA.id,
        amount: 4_600_000,
        deadline: inHours(2),
      });
      expect(made.statusCode, made.body).toBe(403);
      expect(made.json().message).toBe('Bare selgeren kan gi eller trekke motbud');
      const withdrawn = await h.withdraw(toA.id, cookie);
      expect(withdrawn.statusCode).toBe(403);
      expect(withdrawn.json().message).toBe('Bare selgeren kan gi eller trekke motbud');
    }
    expect((await h.rowsOf(roundId)).map((r) => [r.amount, r.status])).toEqual([
      [4_500_000, 'open'],
      [5_500_000, 'open'],
    ]);
  });

  it('only its recipient accepts or declines: the owner, the other bidder and an admin get 403', async () => {
    const { owner, b, roundId, toA } = await twoOffers();
    for (const cookie of [owner.cookie, b.cookie, admin.cookie])
      for (const what of ['accept', 'decline'] as const) {
        const res = await h.answer(toA.id, what, cookie);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Bare budgiveren motbudet er gitt til, kan svare på det');
      }
    expect((await h.rowOf(toA.id))?.status).toBe('open');
    expect((await h.round(roundId, owner.cookie)).isClosed).toBe(false);
  });
});

describe('unknown and malformed', () => {
  it('unknown rounds, bids and counter-offers are 404', async () => {
    const { owner, a, roundId, bidA } = await twoOffers();
    const noRound = randomUUID();
    const made = await h.create(noRound, owner.cookie, {
      bidId: bidA.id,
      amount: 4_600_000,
      deadline: inHours(2),
    });
    expect(made.statusCode).toBe(404);
    expect((await h.list(noRound, owner.cookie)).statusCode).toBe(404);
    const noBid = await h.create(roundId, owner.cookie, {
      bidId: randomUUID(),
      amount: 4_600_000,
      deadline: inHours(2),
    });
    expect(noBid.statusCode).toBe(404);
    expect(noBid.json().message).toBe('Budet ble ikke funnet');
    const none = randomUUID();
    for (const res of [
      await h.answer(none, 'accept', a.cookie),
      await h.answer(none, 'decline', a.cookie),
      await h.withdraw(none, owner.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Motbudet ble ikke funnet');
    }
  });

  it('malformed ids and bodies with unknown or wrong fields are 400, and store nothing', async () => {
    const { owner, a, roundId, bidA } = await twoOffers();
    const good = { bidId: bidA.id, amount: 4_600_000, deadline: inHours(2) };
    for (const res of [
      await h.create('ikke-en-id', owner.cookie, good),
      await h.list('ikke-en-id', owner.cookie),
      await h.answer('ikke-en-id', 'accept', a.cookie),
      await h.answer('ikke-en-id', 'decline', a.cookie),
      await h.withdraw('ikke-en-id', owner.cookie),
      await h.create(roundId, owner.cookie, { ...good, bidId: 'ikke-en-id' }),
      await h.create(roundId, owner.cookie, { ...good, ukjent: 'felt' }),
      await h.create(roundId, owner.cookie, { ...good, amount: 4_600_000.5 }),
      await h.create(roundId, owner.cookie, { ...good, amount: '4600000' }),
      await h.create(roundId, owner.cookie, { ...good, deadline: 'i morgen' }),
      await h.create(roundId, owner.cookie, { ...good, conditions: 'x'.repeat(5_000) }),
      await h.create(roundId, owner.cookie, { bidId: bidA.id, amount: 4_600_000 }),
    ])
      expect(res.statusCode, res.body).toBe(400);
    expect(await h.rowsOf(roundId)).toHaveLength(2);
  });
});
