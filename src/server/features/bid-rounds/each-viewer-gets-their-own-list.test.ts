import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';

// Decision 050: the open rounds' answer is kept whole, as bytes, per set of viewer flags (which rounds the
// viewer owns or has bid on). A viewer must never get an answer kept for other flags, whoever asked first,
// and viewers with the same flags share the very same bytes.
let t: TestApp;
const rawList = async (cookie?: string) => {
  const res = await t.request({
    method: 'GET',
    url: '/api/bid-rounds/active',
    ...(cookie ? { cookie } : {}),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/bid-rounds/active, kept whole per set of viewer flags', () => {
  it('answers each viewer with their own flags, in any order of asking, and fresh after a bid', async () => {
    const siri = await signUp(t, 'siri@example.no');
    const per = await signUp(t, 'per@example.no');
    const anna = await signUp(t, 'anna-flagg@example.no');
    const bjorn = await signUp(t, 'bjorn-flagg@example.no');
    const carl = await signUp(t, 'carl-flagg@example.no');
    const first = await createRoundAs(t, siri, { title: 'Første' });
    const second = await createRoundAs(t, per, { title: 'Andre' });
    await placeBidOk(t, anna, first.id, 4_100_000);
    await placeBidOk(t, per, first.id, 4_200_000);

    // Who owns and who has bid on which round; carl and bjorn have the same (none).
    const truth = {
      siri: { [first.id]: [true, false], [second.id]: [false, false] },
      per: { [first.id]: [false, true], [second.id]: [true, false] },
      anna: { [first.id]: [false, true], [second.id]: [false, false] },
      bjorn: { [first.id]: [false, false], [second.id]: [false, false] },
      carl: { [first.id]: [false, false], [second.id]: [false, false] },
    } as const;
    const cookies = { siri, per, anna, bjorn, carl };
    const check = (name: keyof typeof truth, body: string) => {
      const list = JSON.parse(body) as BidRoundView[];
      expect(JSON.stringify(list)).toBe(body);
      for (const round of list) {
        const flags = truth[name][round.id];
        if (flags) expect([round.isOwner, round.hasBid], `${name} on ${round.id}`).toEqual(flags);
      }
    };

    const forward: Record<string, string> = {};
    for (const name of ['siri', 'per', 'anna', 'bjorn', 'carl'] as const) {
      forward[name] = await rawList(cookies[name]);
      check(name, forward[name] as string);
    }
    // Asked again in the other order, from the kept answers: the same bytes.
    for (const name of ['carl', 'bjorn', 'anna', 'per', 'siri'] as const)
      expect(await rawList(cookies[name])).toBe(forward[name]);
    expect(forward.bjorn).toBe(forward.carl);
    expect(forward.anna).not.toBe(forward.bjorn);
    const visitor = await rawList();
    expect(visitor).not.toMatch(/hasBid|highestBid/);

    // Bjorn bids: his answer gains his flag and the new highest bid; Carl's keeps none, Anna's the new bid.
    await placeBidOk(t, bjorn, first.id, 4_300_000);
    const after = JSON.parse(await rawList(bjorn)) as BidRoundView[];
    expect(after.find((r) => r.id === first.id)).toMatchObject({ hasBid: true, highestBid: 4_300_000 });
    const forCarl = JSON.parse(await rawList(carl)) as BidRoundView[];
    expect(forCarl.find((r) => r.id === first.id)).toMatchObject({ hasBid: false, highestBid: 4_300_000 });
    const forAnna = JSON.parse(await rawList(anna)) as BidRoundView[];
    expect(forAnna.find((r) => r.id === first.id)).toMatchObject({ hasBid: true, highestBid: 4_300_000 });
  });
});
