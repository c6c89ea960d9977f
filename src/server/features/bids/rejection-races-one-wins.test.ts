import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidRounds, bids } from '../../db/schema';

// Decision 034: a rejection racing the owner's choice of the same bid as winner, or another
// rejection of it, is judged under the round's row lock: exactly one wins, the other gets 409 and nothing
// of it is written. Run on PostgreSQL too (api-pg), where the two requests truly run at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function roundWithBid() {
  const owner = await signInVerified(t, `race-eier-${++n}@example.no`);
  const bidder = await signInVerified(t, `race-byder-${n}@example.no`);
  const round = await createRoundAs(t, owner);
  const bid = await placeBidOk(t, bidder, round.id, 4_200_000);
  return { owner, roundId: round.id, bidId: bid.id };
}

const reject = (roundId: string, bidId: string, cookie: string, message: string) =>
  t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/bids/${bidId}/reject`,
    cookie,
    payload: { message },
  });
const selectWinner = (roundId: string, bidId: string, cookie: string) =>
  t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/select-winner/${bidId}`, cookie });

describe('a rejection racing another act on the same bid', () => {
  it.each([1, 2, 3, 4])(
    'run %i: rejecting while the owner selects the bid as winner: exactly one wins',
    async () => {
      const { owner, roundId, bidId } = await roundWithBid();
      const [rejected, chosen] = await Promise.all([
        reject(roundId, bidId, owner, 'Nei takk'),
        selectWinner(roundId, bidId, owner),
      ]);
      expect([rejected.statusCode, chosen.statusCode].sort()).toEqual([200, 409]);
      const [bid] = await t.deps.db.select().from(bids).where(eq(bids.id, bidId));
      const [round] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId));
      if (rejected.statusCode === 200) {
        expect(chosen.json().message).toBe('Budet er avslått og kan ikke velges som vinner.');
        expect(bid?.rejectedAt).not.toBeNull();
        expect(round).toMatchObject({ isClosed: false, winningBidId: null });
      } else {
        expect(rejected.json().message).toBe('Budrunden er allerede lukket');
        expect(bid?.rejectedAt).toBeNull();
        expect(round).toMatchObject({ isClosed: true, winningBidId: bidId });
      }
    },
  );

  it.each([1, 2, 3])(
    'run %i: two rejections of one bid: one 200, one 409, the first message kept',
    async () => {
      const { owner, roundId, bidId } = await roundWithBid();
      const answers = await Promise.all([
        reject(roundId, bidId, owner, 'Første'),
        reject(roundId, bidId, owner, 'Andre'),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect([...codes].sort()).toEqual([200, 409]);
      const winner = codes.indexOf(200);
      expect(answers[1 - winner]?.json().message).toBe('Budet er allerede avslått');
      const [bid] = await t.deps.db.select().from(bids).where(eq(bids.id, bidId));
      expect(bid?.rejectionMessage).toBe(winner === 0 ? 'Første' : 'Andre');
    },
  );
});
