import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, userIdOf } from '../../../../tests/setup/admin';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 014 and 035: a counter-offer to a bidder is about them, so their personal data export lists it
// with what became of it; another bidder's export does not. When the account goes, its open counter-offers
// are withdrawn: no one is left to accept them.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

const exportOf = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/users/me/export', cookie })).json();

describe('the personal data export', () => {
  it('lists the counter-offers made to the user, and only theirs', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const first = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000, {
      conditions: 'Ferdig vasket',
    });
    const second = await h.createOk(roundId, owner.cookie, bidA.id, 4_700_000);
    expect((await h.answer(second.id, 'decline', a.cookie)).statusCode).toBe(200);

    const mine = (await exportOf(a.cookie)).counterOffersReceived;
    expect(mine).toMatchObject([
      { id: second.id, bidRoundId: roundId, amount: 4_700_000, status: 'declined', conditions: null },
      { id: first.id, amount: 4_500_000, status: 'withdrawn', conditions: 'Ferdig vasket' },
    ]);
    expect(mine[0].property).toEqual({ title: 'Avslagshuset', address: 'Avslagsveien 3, Oslo' });
    expect(mine[0].answeredAt).not.toBeNull();
    expect((await exportOf(b.cookie)).counterOffersReceived).toEqual([]);
  });
});

describe('an account deleted', () => {
  it('withdraws the open counter-offer to it, which can then not be accepted', async () => {
    const admin = await signInAdmin(t);
    const { owner, a, b, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const id = await userIdOf(t, a.email);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${id}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [seen] = await h.listOk(roundId, owner.cookie);
    expect(seen).toMatchObject({ id: offer.id, status: 'withdrawn', recipientLabel: 'Slettet bruker' });
    // Another bidder reads the deleted recipient as the bid list does, not by the pseudonym.
    const [seenByB] = await h.listOk(roundId, b.cookie);
    expect(seenByB).toMatchObject({ id: offer.id, recipientLabel: 'Slettet bruker' });
  });
});
