import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 035: the seller's counter-offer (motbud) to one bidder, and its acceptance, which
// binds both parties: the bidder's bid at the counter-offer's amount wins and the round closes.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

describe('a counter-offer accepted', () => {
  it('the owner makes one to Arne; Arne accepts; his bid at its amount wins and the round is closed', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_600_000, {
      conditions: 'Overtakelse 1. mars',
    });
    expect(offer).toMatchObject({
      bidId: bidA.id,
      bidAmount: 4_100_000,
      amount: 4_600_000,
      conditions: 'Overtakelse 1. mars',
      status: 'open',
      recipientLabel: 'Arne Test',
      isToMe: false,
    });

    // Arne reads it as 'Du', with its conditions; Berit as a pseudonym, without them.
    const toArne = await h.listOk(roundId, a.cookie);
    expect(toArne).toMatchObject([
      { id: offer.id, recipientLabel: 'Du', isToMe: true, conditions: 'Overtakelse 1. mars' },
    ]);
    const toBerit = await h.listOk(roundId, b.cookie);
    expect(toBerit).toMatchObject([
      { id: offer.id, recipientLabel: 'Budgiver A', isToMe: false, conditions: null },
    ]);

    const accepted = await h.answer(offer.id, 'accept', a.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { bid } = accepted.json();
    expect(bid.amount).toBe(4_600_000);

    const round = await h.round(roundId, owner.cookie);
    expect(round).toMatchObject({ isClosed: true, closeReason: 'counter-offer', winningBidId: bid.id });
    expect((await h.listOk(roundId, owner.cookie))[0]?.status).toBe('accepted');

    // Accepting twice, or declining afterwards: the round has ended.
    const again = await h.answer(offer.id, 'accept', a.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Budrunden er allerede lukket');
  });
});
