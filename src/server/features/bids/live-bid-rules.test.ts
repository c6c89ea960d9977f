import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { OwnerBidView, RoundBids, UserBidView } from '../../../shared/schemas/bid';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import type { JournalView } from '../../../shared/schemas/journal';
import { lockRound } from '../../db/round-lock';
import { bids, jobs } from '../../db/schema';
import { databaseNow } from '../../db/time';
import { findHighestLiveAmount } from './bids.repository';

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

let n = 0;
async function person(name: string) {
  const email = `${name}-${++n}@example.no`;
  return { email, cookie: await signInVerified(t, email), id: () => userIdOf(t, email) };
}

/** A bid stored directly, as if placed earlier, with an acceptance deadline `ms` from the database's now. */
async function storedBid(roundId: string, userId: string, amount: number, ms: number) {
  const now = await databaseNow(t.deps.db);
  const [row] = await t.deps.db
    .insert(bids)
    .values({ bidRoundId: roundId, userId, amount, bidDeadline: new Date(now.getTime() + ms) })
    .returning();
  return row as typeof bids.$inferSelect;
}

const get = async <T>(url: string, cookie: string) =>
  (await t.request({ method: 'GET', url, cookie })).json() as T;

describe('only live bids count', () => {
  it('a lapsed bid is "Utløpt", not the highest, sets no floor, and the headline shows the highest live bid', async () => {
    const seller = await person('selger');
    const early = await person('tidlig');
    const late = await person('sen');
    const round = await createRoundAs(t, seller.cookie);
    await storedBid(round.id, await early.id(), 5_000_000, -60_000);
    await placeBidOk(t, late.cookie, round.id, 4_200_000);

    const list = await get<RoundBids>(`/api/bid-rounds/${round.id}/bids`, late.cookie);
    expect(list.bids.map((b) => [b.amount, b.isExpired, b.isHighestBid])).toEqual([
      [5_000_000, true, false],
      [4_200_000, false, true],
    ]);
    const view = await get<BidRoundView>(`/api/bid-rounds/${round.id}`, seller.cookie);
    expect(view).toMatchObject({ highestBid: 4_200_000, bidCount: 2, liveBidCount: 1 });
    // The floor is the highest live bid, not the lapsed 5 000 000.
    expect((await placeBid(t, early.cookie, round.id, 4_200_000)).statusCode).toBe(400);
    await placeBidOk(t, early.cookie, round.id, 4_300_000);
    const mine = await get<UserBidView[]>('/api/user/bids', early.cookie);
    expect(mine.map((b) => [b.amount, b.isExpired, b.isHighestBid])).toEqual([
      [4_300_000, false, true],
      [5_000_000, true, false],
    ]);
  });

  it('when every bid has lapsed the round has no highest bid, and the floor is the starting price again', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie, { startingPrice: 3_000_000 });
    await storedBid(round.id, await bidder.id(), 3_500_000, -1);
    const view = await get<BidRoundView>(`/api/bid-rounds/${round.id}`, seller.cookie);
    expect(view).toMatchObject({ highestBid: null, bidCount: 1, liveBidCount: 0 });
    await placeBidOk(t, bidder.cookie, round.id, 3_000_000);
  });

  it('a lapsed bid cannot be chosen as the winner, and the round stays open', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie);
    const lapsed = await storedBid(round.id, await bidder.id(), 4_500_000, -1000);
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/select-winner/${lapsed.id}`,
      cookie: seller.cookie,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Akseptfristen for dette budet har gått ut/);
    expect((await get<BidRoundView>(`/api/bid-rounds/${round.id}`, seller.cookie)).isClosed).toBe(false);
  });

  it('at the boundary: a bid whose deadline is exactly now has lapsed; a millisecond before, it counts', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie);
    const bid = await storedBid(round.id, await bidder.id(), 4_400_000, 3_600_000);
    const deadline = bid.bidDeadline as Date;
    expect(await findHighestLiveAmount(t.deps.db, round.id, deadline)).toBeNull();
    expect(await findHighestLiveAmount(t.deps.db, round.id, new Date(deadline.getTime() - 1))).toBe(
      4_400_000,
    );
  });

  it('a bid that lapses while another waits for the round’s lock no longer sets its floor', async () => {
    const seller = await person('selger');
    const first = await person('forste');
    const second = await person('andre');
    const round = await createRoundAs(t, seller.cookie);
    await storedBid(round.id, await first.id(), 4_500_000, 1500);
    // Hold the round's lock past the first bid's deadline, while the second bid (below it) is sent.
    let arriving: ReturnType<typeof placeBid> | undefined;
    await t.deps.db.transaction(async (tx) => {
      await lockRound(tx, round.id);
      arriving = placeBid(t, second.cookie, round.id, 4_100_000);
      await new Promise((resolve) => setTimeout(resolve, 1700));
    });
    const res = await (arriving as ReturnType<typeof placeBid>);
    // Judged at the database's time after the lock, when 4 500 000 no longer binds anyone.
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().bid.isHighestBid).toBe(true);
  });

  it('a bid arriving while the other is still live must beat it', async () => {
    const seller = await person('selger');
    const first = await person('forste');
    const second = await person('andre');
    const round = await createRoundAs(t, seller.cookie);
    await storedBid(round.id, await first.id(), 4_500_000, 60_000);
    const res = await placeBid(t, second.cookie, round.id, 4_100_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Budet må være høyere enn det høyeste budet');
  });
});

describe('a round that has ended', () => {
  it('keeps its winning bid live and highest after the acceptance deadline passes', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie);
    const bid = await placeBidOk(t, bidder.cookie, round.id, 4_300_000);
    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/select-winner/${bid.id}`,
      cookie: seller.cookie,
    });
    expect(chosen.statusCode).toBe(200);
    // Hours later the accepted bid's own deadline passes: the sale stands, and so does the headline.
    await t.deps.db
      .update(bids)
      .set({
        bidDeadline: sql`(select closed_at from bid_rounds where id = ${round.id}) + interval '5 milliseconds'`,
      })
      .where(eq(bids.id, bid.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const view = await get<BidRoundView>(`/api/bid-rounds/${round.id}`, seller.cookie);
    expect(view).toMatchObject({ isClosed: true, highestBid: 4_300_000, liveBidCount: 1 });
    const list = await get<RoundBids>(`/api/bid-rounds/${round.id}/bids`, bidder.cookie);
    expect(list.bids[0]).toMatchObject({ isWinner: true, isExpired: false, isHighestBid: true });
    const mine = await get<UserBidView[]>('/api/user/bids', bidder.cookie);
    expect(mine[0]).toMatchObject({ isExpired: false, isHighestBid: true });
  });
});

describe("a deleted account's bids", () => {
  it("are 'Slettet bruker', never the highest, and cannot be chosen", async () => {
    const seller = await person('selger');
    const leaver = await person('forsvinner');
    const stayer = await person('blir');
    const round = await createRoundAs(t, seller.cookie);
    const gone = await placeBidOk(t, leaver.cookie, round.id, 4_500_000);
    await placeBidOk(t, stayer.cookie, round.id, 4_600_000);
    await storedBid(round.id, await leaver.id(), 4_700_000, 3_600_000);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${await leaver.id()}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const list = await get<RoundBids>(`/api/bid-rounds/${round.id}/bids`, stayer.cookie);
    expect(list.bids.map((b) => [b.amount, b.bidderLabel, b.isBidderDeleted, b.isHighestBid])).toEqual([
      [4_700_000, 'Slettet bruker', true, false],
      [4_600_000, 'Du', false, true],
      [4_500_000, 'Slettet bruker', true, false],
    ]);
    const owner = await get<OwnerBidView[]>(`/api/owner/bid-rounds/${round.id}/bids`, seller.cookie);
    expect(owner[0]?.user).toMatchObject({ firstName: 'Slettet', lastName: 'bruker', email: '' });
    expect((await get<BidRoundView>(`/api/bid-rounds/${round.id}`, seller.cookie)).highestBid).toBe(
      4_600_000,
    );
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/select-winner/${gone.id}`,
      cookie: seller.cookie,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Budgiveren har slettet kontoen sin. Budet kan ikke velges som vinner.');
  });
});

describe('the lapse e-mail', () => {
  /** Makes the bid's deadline pass now, as the clock would, and runs the job queued for that moment. */
  async function lapse(bidId: string) {
    await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidId));
    await t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.type} = 'bid:lapsed' and ${jobs.payload}->>'bidId' = ${bidId}`);
    await t.runJobs();
    await t.runJobs();
  }
  const lapseMails = async (email: string) =>
    (await t.mails(email)).filter((m) => m.subject.startsWith('Budet ditt på'));

  it('tells the bidder, while the round is open, that the bid has lapsed and that they may bid again', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie, { title: 'Strandhuset' });
    const bid = await placeBidOk(t, bidder.cookie, round.id, 4_000_000);
    await lapse(bid.id);
    const [mail, ...more] = await lapseMails(bidder.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Budet ditt på Strandhuset har utløpt');
    expect(mail?.text).toContain('Budet binder deg ikke lenger');
    expect(mail?.text).toContain('kan du legge inn et nytt bud');
    expect(mail?.text).toContain(`/budrunder/${round.id}`);
  });

  it('says nothing when the round closed first, or when the bidder has bid again since', async () => {
    const seller = await person('selger');
    const closedFirst = await person('lukket');
    const bidAgain = await person('igjen');
    const round = await createRoundAs(t, seller.cookie);
    const a = await placeBidOk(t, closedFirst.cookie, round.id, 4_000_000);
    const other = await createRoundAs(t, seller.cookie);
    const b = await placeBidOk(t, bidAgain.cookie, other.id, 4_000_000);
    await placeBidOk(t, bidAgain.cookie, other.id, 4_100_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller.cookie });
    await lapse(a.id);
    await lapse(b.id);
    expect(await lapseMails(closedFirst.email)).toHaveLength(0);
    // Lapsed while open, but the round closed before the job ran: the mail would invite a bid that cannot be.
    const late = await person('sent');
    const third = await createRoundAs(t, seller.cookie);
    const c = await placeBidOk(t, late.cookie, third.id, 4_000_000);
    await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, c.id));
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${third.id}/close`, cookie: seller.cookie });
    await lapse(c.id);
    expect(await lapseMails(late.email)).toHaveLength(0);
    expect(await lapseMails(bidAgain.email)).toHaveLength(0);
  });

  it('journals keep every bid and mark the lapsed ones', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller.cookie);
    await storedBid(round.id, await bidder.id(), 4_900_000, -1000);
    await placeBidOk(t, bidder.cookie, round.id, 4_100_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller.cookie });
    const journals = await get<JournalView[]>('/api/user/bid-journals', seller.cookie);
    const journal = journals.find((j) => j.bidRound.id === round.id);
    expect(journal?.journalData.map((e) => [e.amount, e.isExpired, e.isHighestBid])).toEqual([
      [4_900_000, true, false],
      [4_100_000, false, true],
    ]);
  });
});
