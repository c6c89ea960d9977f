import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { MIN_ACCEPTANCE_MINUTES } from '../../../shared/rules/bids';
import { bidRoundFollowers, bidRounds, bids, financingProofs, jobs, users } from '../../db/schema';
import { databaseNow } from '../../db/time';
import { EVENT_CHANNEL } from '../../events/bus-event';
import { bidPlacedJob } from './bid-notifications';
import { type BidToPlace, placeBidUnderLock } from './place-bids.repository';

// place_bid is the last word on every bid: the service explains its refusals, but only this function,
// under the round's lock, decides. Each rule is broken here directly, as a request that lost a race would.

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person(name: string) {
  const email = `${name}-${++n}@example.no`;
  const cookie = await signInVerified(t, email);
  return { cookie, id: await userIdOf(t, email) };
}

async function setting() {
  const seller = await person('selger');
  const bidder = await person('byder');
  const round = await createRoundAs(t, seller.cookie, { startingPrice: 4_000_000 });
  const now = await databaseNow(t.deps.db);
  const bid = (overrides: Partial<BidToPlace> = {}): BidToPlace => {
    const id = randomUUID();
    return {
      id,
      bidRoundId: round.id,
      userId: bidder.id,
      amount: 4_000_000,
      conditions: null,
      bidDeadline: new Date(now.getTime() + 2 * 3_600_000),
      financingProofId: null,
      minAcceptanceMinutes: MIN_ACCEPTANCE_MINUTES,
      job: bidPlacedJob(id),
      event: {
        channel: EVENT_CHANNEL,
        payload: JSON.stringify({ type: 'round', roundId: round.id, change: 'bid' }),
      },
      ...overrides,
    };
  };
  return { seller, bidder, round, bid, now };
}

const bidsOf = (roundId: string) => t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId));
const jobsFor = (bidId: string) =>
  t.deps.db
    .select()
    .from(jobs)
    .where(sql`${jobs.type} = 'bid:placed' and ${jobs.payload}->>'bidId' = ${bidId}`);

async function expectRefusedWithNothingWritten(bid: BidToPlace) {
  const state = await placeBidUnderLock(t.deps.db, bid);
  expect(state.placedAt).toBeNull();
  expect(await t.deps.db.select().from(bids).where(eq(bids.id, bid.id))).toHaveLength(0);
  expect(await jobsFor(bid.id)).toHaveLength(0);
  return state;
}

describe('place_bid', () => {
  it('places a valid bid with its follow, one job and the state it judged it by', async () => {
    const { round, bidder, bid } = await setting();
    const wanted = bid();
    const state = await placeBidUnderLock(t.deps.db, wanted);
    expect(state.placedAt).toBeInstanceOf(Date);
    expect(state.placedAt?.getTime()).toBe(state.now.getTime());
    expect(state.highest).toBeNull();
    expect(state.round).toMatchObject({ price: 4_000_000, isClosed: false });
    const [stored] = await bidsOf(round.id);
    expect(stored).toMatchObject({ id: wanted.id, userId: bidder.id, amount: 4_000_000 });
    expect(stored?.createdAt.getTime()).toBe(state.now.getTime());
    const follows = await t.deps.db
      .select()
      .from(bidRoundFollowers)
      .where(and(eq(bidRoundFollowers.bidRoundId, round.id), eq(bidRoundFollowers.userId, bidder.id)));
    expect(follows).toHaveLength(1);
    expect(await jobsFor(wanted.id)).toHaveLength(1);
  });

  it('refuses an amount at or under the highest live bid, or under the starting price, and says what the highest was', async () => {
    const { bid } = await setting();
    expect((await placeBidUnderLock(t.deps.db, bid({ amount: 4_500_000 }))).placedAt).not.toBeNull();
    const tooLow = await expectRefusedWithNothingWritten(bid({ amount: 4_500_000 }));
    expect(tooLow.highest).toBe(4_500_000);
    const other = await setting();
    await expectRefusedWithNothingWritten(other.bid({ amount: 3_999_999 }));
  });

  it('does not count a lapsed bid, nor the bid of a deleted account, as the highest', async () => {
    const { round, bid, now } = await setting();
    const lapsing = await person('lapser');
    const leaving = await person('sletter');
    await t.deps.db.insert(bids).values([
      {
        bidRoundId: round.id,
        userId: lapsing.id,
        amount: 6_000_000,
        bidDeadline: new Date(now.getTime() - 1),
      },
      { bidRoundId: round.id, userId: leaving.id, amount: 5_000_000, bidDeadline: null },
    ]);
    await t.deps.db.update(users).set({ deletedAt: now }).where(eq(users.id, leaving.id));
    const state = await placeBidUnderLock(t.deps.db, bid({ amount: 4_100_000 }));
    expect(state.highest).toBeNull();
    expect(state.placedAt).not.toBeNull();
  });

  it('refuses a round that is closed, past its deadline, missing, or the bidder’s own', async () => {
    const closed = await setting();
    await t.deps.db.update(bidRounds).set({ isClosed: true }).where(eq(bidRounds.id, closed.round.id));
    expect((await expectRefusedWithNothingWritten(closed.bid())).round?.isClosed).toBe(true);

    // A second in the past: the application only ever writes whole-millisecond deadlines (decision 049).
    const past = await setting();
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: sql`date_trunc('milliseconds', clock_timestamp()) - interval '1 second'` })
      .where(eq(bidRounds.id, past.round.id));
    await expectRefusedWithNothingWritten(past.bid());

    const missing = await setting();
    expect(
      (await expectRefusedWithNothingWritten(missing.bid({ bidRoundId: randomUUID() }))).round,
    ).toBeNull();

    const own = await setting();
    await expectRefusedWithNothingWritten(own.bid({ userId: own.seller.id }));
  });

  it('refuses a deleted bidder', async () => {
    const { bidder, bid, now } = await setting();
    await t.deps.db.update(users).set({ deletedAt: now }).where(eq(users.id, bidder.id));
    expect((await expectRefusedWithNothingWritten(bid())).bidder).toEqual({ deleted: true });
  });

  it('refuses an acceptance deadline under 30 minutes away, or before the round’s shortest', async () => {
    const soon = await setting();
    await expectRefusedWithNothingWritten(
      soon.bid({ bidDeadline: new Date(soon.now.getTime() + (MIN_ACCEPTANCE_MINUTES - 1) * 60_000) }),
    );
    const shortest = await setting();
    const minimum = new Date(shortest.now.getTime() + 5 * 3_600_000);
    await t.deps.db
      .update(bidRounds)
      .set({ minimumBidDeadline: minimum })
      .where(eq(bidRounds.id, shortest.round.id));
    await expectRefusedWithNothingWritten(shortest.bid({ bidDeadline: new Date(minimum.getTime() - 1000) }));
    expect(
      (await placeBidUnderLock(t.deps.db, shortest.bid({ bidDeadline: minimum }))).placedAt,
    ).not.toBeNull();
  });

  it('attaches only the bidder’s own unused proof, and refuses the others', async () => {
    const { bidder, seller, bid } = await setting();
    const proof = async (userId: string) =>
      (
        await t.deps.db
          .insert(financingProofs)
          .values({ userId, storageKey: `k-${randomUUID()}`, contentType: 'application/pdf', byteSize: 10 })
          .returning()
      )[0]?.id as string;
    const own = await proof(bidder.id);
    const placed = bid({ amount: 4_100_000, financingProofId: own });
    expect((await placeBidUnderLock(t.deps.db, placed)).placedAt).not.toBeNull();
    const [attached] = await t.deps.db.select().from(financingProofs).where(eq(financingProofs.id, own));
    expect(attached?.bidId).toBe(placed.id);

    const used = await expectRefusedWithNothingWritten(bid({ amount: 4_200_000, financingProofId: own }));
    expect(used.proof).toEqual({ userId: bidder.id, bidId: placed.id });
    const foreign = await expectRefusedWithNothingWritten(
      bid({ amount: 4_200_000, financingProofId: await proof(seller.id) }),
    );
    expect(foreign.proof?.userId).toBe(seller.id);
    expect(
      (await expectRefusedWithNothingWritten(bid({ amount: 4_200_000, financingProofId: randomUUID() })))
        .proof,
    ).toBeNull();
  });

  it('announces a placed bid on the event channel once it commits, and a refused one never', async () => {
    const { round, bid } = await setting();
    const heard: string[] = [];
    const stop = await t.database.listen(EVENT_CHANNEL, {
      onMessage: (payload) => heard.push(payload),
      onReconnect: () => {},
    });
    try {
      await expectRefusedWithNothingWritten(
        bid({ amount: 1, event: { channel: EVENT_CHANNEL, payload: 'refused' } }),
      );
      await placeBidUnderLock(
        t.deps.db,
        bid({ event: { channel: EVENT_CHANNEL, payload: `placed ${round.id}` } }),
      );
      await expect.poll(() => heard).toContain(`placed ${round.id}`);
      expect(heard).not.toContain('refused');
    } finally {
      await stop();
    }
  });
});
