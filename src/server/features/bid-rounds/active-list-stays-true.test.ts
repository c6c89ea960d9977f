import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView, PublicBidRound } from '../../../shared/schemas/bid-round';
import { bids } from '../../db/schema';

// The open rounds are answered from a list shared by all requests: it must never be behind a change, nor
// behind the clock.
let t: TestApp;
let owner: string;
let anna: string;
let bjorn: string;

const active = async (cookie?: string) =>
  (await t.request({ method: 'GET', url: '/api/bid-rounds/active', ...(cookie ? { cookie } : {}) })).json();
const find = (list: BidRoundView[], id: string) => list.find((r) => r.id === id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no');
  anna = await signUp(t, 'anna@example.no');
  bjorn = await signUp(t, 'bjorn@example.no');
});
afterAll(() => t.close());

describe('GET /api/bid-rounds/active, answered from a shared list', () => {
  it('shows a new round, a new bid and a close at once, and who has bid per viewer', async () => {
    await active(anna);
    const round = await createRoundAs(t, owner, { title: 'Listehuset' });
    expect(find(await active(anna), round.id)?.highestBid).toBeNull();
    expect((await active()).map((r: PublicBidRound) => r.id)).toContain(round.id);

    await placeBidOk(t, anna, round.id, 4_050_000);
    const forAnna = find(await active(anna), round.id);
    const forBjorn = find(await active(bjorn), round.id);
    expect(forAnna).toMatchObject({ highestBid: 4_050_000, hasBid: true, isOwner: false });
    expect(forBjorn).toMatchObject({ highestBid: 4_050_000, hasBid: false });
    expect(find(await active(owner), round.id)?.isOwner).toBe(true);
    // A visitor's copy of the same list has no bid data at all (the starting price is public).
    expect(JSON.stringify(await active())).not.toMatch(/highestBid|bidCount|4050000/);

    const closed = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/close`,
      cookie: owner,
    });
    expect(closed.statusCode).toBe(200);
    expect(find(await active(anna), round.id)).toBeUndefined();
  });

  it('drops the highest bid the moment its acceptance deadline passes, with no event to say so', async () => {
    const round = await createRoundAs(t, owner, { title: 'Klokkehuset' });
    await placeBidOk(t, anna, round.id, 4_000_000);
    const high = await placeBidOk(t, bjorn, round.id, 4_100_000);
    // Time passes in the database only: the high bid lapses 1.5 s from now, and nothing announces it.
    await t.deps.db
      .update(bids)
      .set({ bidDeadline: sql`now() + interval '1.5 seconds'` })
      .where(eq(bids.id, high.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(find(await active(anna), round.id)?.highestBid).toBe(4_100_000);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(find(await active(anna), round.id)?.highestBid).toBe(4_000_000);
  });
});
