import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloTime,
  removeViewing,
  roundView,
  viewingOn,
} from '../../../../tests/setup/viewings';

// Issue 25, item 7 (forskrift om eiendomsmegling § 6-3): with viewings, no acceptance deadline may be
// earlier than 12:00 Oslo time on the first working day after the last viewing. The effective shortest
// deadline is the later of that and the seller's own, and moves as viewings come and go; bids are checked
// against it. All through HTTP, as the owner's and the bidders' screens see it.

let t: TestApp;
let seller: string;
let bidder: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-1200@example.no');
  bidder = await signInVerified(t, 'byder-1200@example.no');
});
afterAll(() => t.close());

const newRound = (overrides: Record<string, unknown> = {}) =>
  createRoundAs(t, seller, { title: 'Tolvregelen', deadline: LATE_DEADLINE, ...overrides });

async function shortest(roundId: string) {
  const view = await roundView(t, bidder, roundId);
  return { minimumBidDeadline: view.minimumBidDeadline, reason: view.minimumBidDeadlineReason };
}

describe('the 12:00 rule', () => {
  it.each([
    // Skjærtorsdag, langfredag and 2. påskedag are holidays, and summer time begins on Sunday the 28th.
    ['Wednesday 24 March 2027', '2027-03-24', '2027-03-30'],
    // 17 May is a holiday.
    ['Sunday 16 May 2027', '2027-05-16', '2027-05-18'],
    ['Friday 16 April 2027', '2027-04-16', '2027-04-19'],
  ])('a last viewing on %s (%s) gives 12:00 on %s', async (_day, viewingDay, deadlineDay) => {
    const round = await newRound();
    await addViewingOk(t, seller, round.id, viewingOn(viewingDay, '18:00', '19:00'));
    expect(await shortest(round.id)).toEqual({
      minimumBidDeadline: osloTime(deadlineDay, '12:00'),
      reason: 'viewing',
    });
  });

  it('moves when viewings are added and removed, and is gone with the last one', async () => {
    const round = await newRound();
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: null, reason: null });
    const april = await addViewingOk(t, seller, round.id, viewingOn('2027-04-16'));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime('2027-04-19', '12:00'));
    // The last viewing counts, not the last added: an earlier one changes nothing.
    const march = await addViewingOk(t, seller, round.id, viewingOn('2027-03-10'));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime('2027-04-19', '12:00'));
    const may = await addViewingOk(t, seller, round.id, viewingOn('2027-05-16'));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime('2027-05-18', '12:00'));
    expect((await removeViewing(t, seller, round.id, may.id)).statusCode).toBe(200);
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime('2027-04-19', '12:00'));
    expect((await removeViewing(t, seller, round.id, april.id)).statusCode).toBe(200);
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime('2027-03-11', '12:00'));
    expect((await removeViewing(t, seller, round.id, march.id)).statusCode).toBe(200);
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: null, reason: null });
  });

  it("is the later of the seller's own and the rule's, naming which; the seller's returns when the viewings go", async () => {
    const sellers = osloTime('2027-05-03', '15:00');
    const round = await newRound({ minimumBidDeadline: sellers });
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
    // A viewing whose rule falls before the seller's deadline leaves the seller's in force.
    await addViewingOk(t, seller, round.id, viewingOn('2027-04-16'));
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
    const may = await addViewingOk(t, seller, round.id, viewingOn('2027-05-16'));
    expect(await shortest(round.id)).toEqual({
      minimumBidDeadline: osloTime('2027-05-18', '12:00'),
      reason: 'viewing',
    });
    await removeViewing(t, seller, round.id, may.id);
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
  });

  it('refuses a bid whose acceptance deadline is earlier, with the existing message, and takes one at exactly that time', async () => {
    const round = await newRound();
    await addViewingOk(t, seller, round.id, viewingOn('2027-03-24'));
    const minimum = osloTime('2027-03-30', '12:00');
    const early = await placeBid(t, bidder, round.id, 4_100_000, {
      bidDeadline: new Date(Date.parse(minimum) - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { path: 'bidDeadline', message: 'Akseptfristen kan ikke være før korteste budfrist for budrunden' },
    ]);
    expect((await roundView(t, bidder, round.id)).highestBid).toBeNull();
    const onTime = await placeBid(t, bidder, round.id, 4_100_000, { bidDeadline: minimum });
    expect(onTime.statusCode, onTime.body).toBe(201);
    expect(onTime.json().bid.bidDeadline).toBe(minimum);
  });
});
