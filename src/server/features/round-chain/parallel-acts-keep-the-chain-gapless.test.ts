import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 040: each act takes its link under the round's lock, so acts that arrive together still form one
// chain, numbered without gaps, each linked to the one before. Twenty bidders bid at once while the seller
// rejects a bid; the stored chain and every row then verify. The race is PostgreSQL's (api-pg), where the
// calls run side by side on a pool; PGlite has one connection and queues them, and must come out the same.

const BIDDERS = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_USER_PER_MIN: '0', RATE_LIMIT_ADDRESS_PER_MIN: '0' } });
});
afterAll(() => t.close());

describe('acts placed in parallel', () => {
  it('twenty bids and a rejection at once: seq 1…n without gaps, and the chain and rows verify', {
    timeout: 120_000,
  }, async () => {
    const admin = await signInAdmin(t);
    const owner = await signInVerified(t, 'selger-parallell@example.no', { firstName: 'Selma' });
    const round = await createRoundAs(t, owner, { title: 'Parallellhuset' });
    const first = await signInVerified(t, 'forste@example.no', { firstName: 'Første' });
    const rejectedBid = await placeBidOk(t, first, round.id, 4_000_000);
    const bidders = await Promise.all(
      Array.from({ length: BIDDERS }, (_, i) =>
        signInVerified(t, `parallell-${i}@example.no`, { firstName: `Budgiver${i}` }),
      ),
    );

    const [rejection, ...bids] = await Promise.all([
      t.request({
        method: 'PUT',
        url: `/api/bid-rounds/${round.id}/bids/${rejectedBid.id}/reject`,
        cookie: owner,
        payload: { message: 'For lavt' },
      }),
      // Each higher than the one before in the list; which are placed depends on the order they get the lock.
      ...bidders.map((cookie, i) => placeBid(t, cookie, round.id, 4_100_000 + i * 10_000)),
    ]);
    expect(rejection?.statusCode, rejection?.body).toBe(200);
    const placed = bids.filter((r) => r.statusCode === 201);
    expect(placed.length).toBeGreaterThan(0);
    // A bid that came after a higher one is refused as too low, and leaves no act.
    for (const refused of bids.filter((r) => r.statusCode !== 201))
      expect(refused.json().message, refused.body).toMatch(/høyere enn det høyeste budet/);

    const result = await t.deps.db.execute(sql`select seq, kind from round_acts
        where round_id = ${round.id}::uuid order by seq`);
    const acts = (result as unknown as { rows: { seq: number; kind: string }[] }).rows;
    // Opened, the first bid, then every placed bid and the rejection, in the order they took the lock.
    expect(acts.map((a) => Number(a.seq))).toEqual(acts.map((_, i) => i + 1));
    expect(acts.filter((a) => a.kind === 'bid')).toHaveLength(placed.length + 1);
    expect(acts.filter((a) => a.kind === 'rejection')).toHaveLength(1);
    const receipts = placed.map((r) => r.json() as { seq: number });
    expect(new Set(receipts.map((r) => r.seq)).size).toBe(placed.length);

    const verified = await t.request({
      method: 'GET',
      url: `/api/admin/bid-rounds/${round.id}/journal/verify`,
      cookie: admin.cookie,
    });
    expect(verified.json()).toEqual({
      ok: true,
      length: acts.length,
      head: expect.objectContaining({ seq: acts.length, hash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    });
  });
});
