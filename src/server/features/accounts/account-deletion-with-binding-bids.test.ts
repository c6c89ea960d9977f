import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, userIdOf, userRow } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatLongDate } from '../../../shared/format/date';
import { bids, sessions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deleteMe = (cookie: string) => t.request({ method: 'DELETE', url: '/api/users/me', cookie });

describe('DELETE /api/users/me while a bid binds', () => {
  it('answers 409 naming the latest acceptance deadline, and changes nothing', async () => {
    const seller = await signInVerified(t, 'selger-binding@example.no');
    const bidder = await signInVerified(t, 'binding@example.no', { bankName: 'Sparebanken' });
    const a = await createRoundAs(t, seller);
    const b = await createRoundAs(t, seller);
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const later = new Date(Date.now() + 30 * 3_600_000);
    await placeBidOk(t, bidder, a.id, 4_000_000, { bidDeadline: soon.toISOString() });
    await placeBidOk(t, bidder, b.id, 4_000_000, { bidDeadline: later.toISOString() });
    const id = await userIdOf(t, 'binding@example.no');
    const before = await userRow(t, id);

    const res = await deleteMe(bidder);
    expect(res.statusCode).toBe(409);
    // Written as the receipt writes the acceptance deadline (deletion-refusal-names-the-receipt-minute.test.ts).
    expect(res.json().message).toBe(
      `Du har bindende bud som gjelder til ${formatLongDate(later)}. Du kan slette kontoen etter dette.`,
    );
    expect(await userRow(t, id)).toEqual(before);
    expect((await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).length).toBe(1);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: bidder })).statusCode).toBe(200);
  });

  it("names the round's own deadline when it ends before the bid's acceptance deadline", async () => {
    const seller = await signInVerified(t, 'selger-kort@example.no');
    const bidder = await signInVerified(t, 'kort@example.no');
    const roundEnds = new Date(Date.now() + 3 * 3_600_000);
    const round = await createRoundAs(t, seller, { deadline: roundEnds.toISOString() });
    await placeBidOk(t, bidder, round.id, 4_000_000, {
      bidDeadline: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });
    const res = await deleteMe(bidder);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`til ${formatLongDate(roundEnds)}.`);
  });

  it('lets the account go once the round has ended or the bid has lapsed', async () => {
    const seller = await signInVerified(t, 'selger-ferdig@example.no');
    const closedRound = await signInVerified(t, 'ferdig-lukket@example.no');
    const lapsed = await signInVerified(t, 'ferdig-utlopt@example.no');
    const round = await createRoundAs(t, seller);
    await placeBidOk(t, closedRound, round.id, 4_000_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    expect((await deleteMe(closedRound)).statusCode).toBe(200);

    const open = await createRoundAs(t, seller);
    const bid = await placeBidOk(t, lapsed, open.id, 4_000_000);
    await t.deps.db
      .update(bids)
      .set({ bidDeadline: new Date(Date.now() - 1000) })
      .where(eq(bids.id, bid.id));
    expect((await deleteMe(lapsed)).statusCode).toBe(200);
  });

  it.each([1, 2, 3])(
    'run %i: two sellers who bid on each other’s rounds delete their accounts at the same moment; both succeed',
    async (run) => {
      const u = await signInVerified(t, `u-${run}@example.no`);
      const v = await signInVerified(t, `v-${run}@example.no`);
      const ofU = await createRoundAs(t, u);
      const ofV = await createRoundAs(t, v);
      // Lapsed bids: they do not stop a deletion, but each deletion share-locks the other's account.
      const a = await placeBidOk(t, u, ofV.id, 4_000_000);
      const b = await placeBidOk(t, v, ofU.id, 4_000_000);
      for (const id of [a.id, b.id]) {
        await t.deps.db
          .update(bids)
          .set({ bidDeadline: new Date(Date.now() - 1000) })
          .where(eq(bids.id, id));
      }
      const results = await Promise.all([deleteMe(u), deleteMe(v)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    },
  );
});
