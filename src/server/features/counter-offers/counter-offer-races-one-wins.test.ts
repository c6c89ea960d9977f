import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { inHours } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidJournals, bidRounds, bids } from '../../db/schema';

// Decision 035: two acts racing on one round are judged under the round's row lock. Exactly one
// wins; the other gets 409 and nothing of it is written. Run on PostgreSQL too (api-pg), where the two
// requests truly run at once.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

/** Selma's round with a counter-offer of 5 600 000 to Arne, whose bid was 4 100 000. */
async function offerToArne() {
  const s = await h.setting();
  const offer = await h.createOk(s.roundId, s.owner.cookie, s.bidA.id, 5_600_000);
  return { ...s, offer };
}

const roundRow = async (roundId: string) =>
  (await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId)))[0];
const bidsAt = (roundId: string, amount: number) =>
  t.deps.db
    .select()
    .from(bids)
    .where(and(eq(bids.bidRoundId, roundId), eq(bids.amount, amount)));
const journalCount = async (roundId: string) =>
  (await t.deps.db.select().from(bidJournals).where(eq(bidJournals.bidRoundId, roundId))).length;

describe('a counter-offer racing another act on its round', () => {
  it.each([1, 2, 3, 4])(
    'run %i: the owner selects a bid as winner while the bidder accepts: exactly one decides the round',
    async () => {
      const { owner, a, roundId, bidB, offer } = await offerToArne();
      const [chosen, accepted] = await Promise.all([
        h.selectWinner(roundId, bidB.id, owner.cookie),
        h.answer(offer.id, 'accept', a.cookie),
      ]);
      expect([chosen.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
      const loser = chosen.statusCode === 409 ? chosen : accepted;
      expect(loser.json().message).toBe('Budrunden er allerede lukket');
      const round = await roundRow(roundId);
      const acceptedBids = await bidsAt(roundId, 5_600_000);
      if (accepted.statusCode === 200) {
        expect(acceptedBids).toHaveLength(1);
        expect(round).toMatchObject({ closeReason: 'counter-offer', winningBidId: acceptedBids[0]?.id });
        expect((await h.rowOf(offer.id))?.status).toBe('accepted');
      } else {
        expect(acceptedBids).toEqual([]);
        expect(round).toMatchObject({ closeReason: 'winner', winningBidId: bidB.id });
        expect((await h.rowOf(offer.id))?.status).toBe('withdrawn');
      }
      expect(round?.isClosed).toBe(true);
      // One close: one journal each for the owner and the two bidders.
      expect(await journalCount(roundId)).toBe(3);
    },
  );

  it.each([1, 2, 3, 4])(
    'run %i: two accepts of one counter-offer: one 200, one 409, one accepted bid',
    async () => {
      const { a, roundId, offer } = await offerToArne();
      const answers = await Promise.all([
        h.answer(offer.id, 'accept', a.cookie),
        h.answer(offer.id, 'accept', a.cookie),
      ]);
      const codes = answers.map((x) => x.statusCode);
      expect([...codes].sort()).toEqual([200, 409]);
      const winner = answers[codes.indexOf(200)];
      expect(answers[codes.indexOf(409)]?.json().message).toBe('Budrunden er allerede lukket');
      const acceptedBids = await bidsAt(roundId, 5_600_000);
      expect(acceptedBids.map((b) => b.id)).toEqual([winner?.json().bid.id]);
      expect(await roundRow(roundId)).toMatchObject({
        isClosed: true,
        closeReason: 'counter-offer',
        winningBidId: winner?.json().bid.id,
      });
      expect(await journalCount(roundId)).toBe(3);
    },
  );

  it.each([1, 2, 3, 4])(
    'run %i: the bidder accepts while the owner withdraws: exactly one wins',
    async () => {
      const { owner, a, roundId, offer } = await offerToArne();
      const [accepted, withdrawn] = await Promise.all([
        h.answer(offer.id, 'accept', a.cookie),
        h.withdraw(offer.id, owner.cookie),
      ]);
      expect([accepted.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
      const round = await roundRow(roundId);
      const acceptedBids = await bidsAt(roundId, 5_600_000);
      if (accepted.statusCode === 200) {
        expect(withdrawn.json().message).toBe('Budrunden er allerede lukket');
        expect((await h.rowOf(offer.id))?.status).toBe('accepted');
        expect(acceptedBids).toHaveLength(1);
        expect(round).toMatchObject({ isClosed: true, winningBidId: acceptedBids[0]?.id });
      } else {
        expect(accepted.json().message).toBe('Motbudet er trukket av selgeren');
        expect((await h.rowOf(offer.id))?.status).toBe('withdrawn');
        expect(acceptedBids).toEqual([]);
        expect(round).toMatchObject({ isClosed: false, winningBidId: null });
      }
    },
  );

  it.each([1, 2, 3])(
    'run %i: two counter-offers to one bidder at once: both made, one after the other; one stays open',
    async () => {
      const { owner, roundId, bidA } = await h.setting();
      const made = await Promise.all(
        [4_500_000, 4_600_000].map((amount) =>
          h.create(roundId, owner.cookie, { bidId: bidA.id, amount, deadline: inHours(2) }),
        ),
      );
      expect(made.map((m) => m.statusCode)).toEqual([201, 201]);
      const rows = await h.rowsOf(roundId);
      expect(rows.map((r) => r.status)).toEqual(['withdrawn', 'open']);
    },
  );
});
