import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, inDays, inHours, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { RoundBids } from '../../../shared/schemas/bid';
import { bidRoundFollowers, bidRounds, bids } from '../../db/schema';

let t: TestApp;
let owner: string;
let kari: string;
let ola: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie' });
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari' });
  ola = await signUp(t, 'ola@example.no', { firstName: 'Ola', phoneNumber: '92345678' });
});
afterAll(() => t.close());

const roundBids = async (cookie: string, id: string): Promise<RoundBids> =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${id}/bids`, cookie })).json();

describe('placing a bid', () => {
  it('accepts a valid bid, makes the bidder a follower, and shows it as “Du” to them', async () => {
    const round = await createRoundAs(t, owner);
    const res = await placeBid(t, kari, round.id, 4_000_000, {
      conditions: 'Finansiering',
      bidDeadline: inHours(5),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Bud lagt inn',
      bid: { amount: 4_000_000, bidderLabel: 'Du', isOwnBid: true, conditions: 'Finansiering' },
    });
    const follows = await t.deps.db
      .select()
      .from(bidRoundFollowers)
      .where(eq(bidRoundFollowers.bidRoundId, round.id));
    expect(follows).toHaveLength(1);
    const list = await roundBids(ola, round.id);
    expect(list.startingPrice).toBe(4_000_000);
    expect(list.bids[0]).toMatchObject({ bidderLabel: 'Budgiver A', isOwnBid: false, isHighestBid: true });
  });

  it.each([
    [
      'below the starting price',
      { amount: 3_999_999 },
      'amount',
      'Budet må være minst like høyt som startprisen',
    ],
    ['zero', { amount: 0 }, 'amount', 'Beløp må være større enn 0'],
    ['not a whole number', { amount: 4_000_000.5 }, 'amount', 'Beløpet må være et helt antall kroner'],
    [
      'over the maximum',
      { amount: 10_000_000_001 },
      'amount',
      'Beløpet kan ikke være høyere enn 10 000 000 000 kr',
    ],
    ['a string amount', { amount: '4000000' }, 'amount', 'Beløp må være større enn 0'],
    [
      'an acceptance deadline under 30 minutes',
      { bidDeadline: inHours(0.4) },
      'bidDeadline',
      'Akseptfrist må være minst 30 minutter frem i tid',
    ],
    ['no acceptance deadline', { bidDeadline: null }, 'bidDeadline', 'Akseptfrist må velges'],
    [
      'too long conditions',
      { conditions: 'x'.repeat(2001) },
      'conditions',
      'Forbehold kan ha høyst 2000 tegn',
    ],
  ])('refuses %s with a Norwegian reason, storing nothing', async (_name, overrides, path, message) => {
    const round = await createRoundAs(t, owner);
    const res = await placeBid(t, kari, round.id, 4_000_000, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, round.id))).toHaveLength(0);
  });

  it('refuses an amount that is not above the highest bid', async () => {
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_100_000);
    const res = await placeBid(t, ola, round.id, 4_100_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Budet må være høyere enn det høyeste budet');
  });

  it('refuses an acceptance deadline before the round’s shortest deadline', async () => {
    const round = await createRoundAs(t, owner, { minimumBidDeadline: inDays(1) });
    const res = await placeBid(t, kari, round.id, 4_000_000, { bidDeadline: inHours(12) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      path: 'bidDeadline',
      message: 'Akseptfristen kan ikke være før korteste akseptfrist for budrunden',
    });
    expect((await placeBid(t, kari, round.id, 4_000_000, { bidDeadline: inHours(25) })).statusCode).toBe(201);
  });

  it('refuses the owner’s own round, closed rounds, rounds past their deadline and unknown rounds', async () => {
    const round = await createRoundAs(t, owner);
    const own = await placeBid(t, owner, round.id, 4_000_000);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Du kan ikke legge inn bud på din egen eiendom');

    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(bidRounds.id, round.id));
    const late = await placeBid(t, kari, round.id, 4_000_000);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Budrunden er avsluttet. Ingen flere bud kan legges inn.');

    const closed = await createRoundAs(t, owner);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${closed.id}/close`, cookie: owner });
    expect((await placeBid(t, kari, closed.id, 4_000_000)).statusCode).toBe(409);

    const unknown = await placeBid(t, kari, '00000000-0000-4000-8000-000000000000', 4_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.');
    expect((await placeBid(t, kari, 'not-a-uuid', 4_000_000)).statusCode).toBe(400);
  });

  it('refuses visitors', async () => {
    const round = await createRoundAs(t, owner);
    const res = await t.request({
      method: 'POST',
      url: '/api/bids',
      payload: { bidRoundId: round.id, amount: 4_000_000, bidDeadline: inHours(6) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a higher bid by the same bidder is a new bid; earlier bids stay', async () => {
    const round = await createRoundAs(t, owner);
    await placeBidOk(t, kari, round.id, 4_000_000);
    await placeBidOk(t, ola, round.id, 4_050_000);
    await placeBidOk(t, kari, round.id, 4_100_000);
    const list = await roundBids(ola, round.id);
    expect(list.bids.map((b) => [b.amount, b.bidderLabel])).toEqual([
      [4_100_000, 'Budgiver A'],
      [4_050_000, 'Du'],
      [4_000_000, 'Budgiver A'],
    ]);
    expect(list.bids.map((b) => b.isHighestBid)).toEqual([true, false, false]);
  });
});

describe('concurrency', () => {
  it('many concurrent bids from several bidders are decided one at a time', async () => {
    const bidders = [kari, ola, await signUp(t, 'per@example.no'), await signUp(t, 'lise@example.no')];
    const round = await createRoundAs(t, owner, { startingPrice: 1_000_000 });
    const attempts = Array.from({ length: 60 }, (_, i) => ({
      cookie: bidders[i % bidders.length] ?? kari,
      amount: 1_000_000 + Math.floor(Math.random() * 200) * 1000,
    }));
    const responses = await Promise.all(attempts.map((a) => placeBid(t, a.cookie, round.id, a.amount)));
    const accepted = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().bid as { id: string; amount: number });
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    expect(accepted.length).toBeGreaterThan(0);

    const stored = await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, round.id));
    // Nothing accepted is missing, and nothing refused was stored.
    expect(stored.map((b) => b.id).sort()).toEqual(accepted.map((b) => b.id).sort());
    // In the order they were received, every accepted amount beats the one before. Bids placed together in
    // one millisecond are received in the order of their amounts (decision 051): that is what is checked
    // across milliseconds.
    const inOrder = [...stored].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.amount - b.amount,
    );
    for (let i = 1; i < inOrder.length; i++) {
      expect(inOrder[i]?.amount).toBeGreaterThan(inOrder[i - 1]?.amount ?? 0);
    }
    const max = Math.max(...stored.map((b) => b.amount));
    const view = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: owner })
    ).json();
    expect(view.highestBid).toBe(max);
    expect(view.bidCount).toBe(stored.length);
  });
});
