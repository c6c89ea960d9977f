import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  osloTime,
  plainWeeksAhead,
  removeViewing,
  roundView,
  viewingOn,
} from '../../../../tests/setup/viewings';

// Decision 045 (forskrift om eiendomsmegling § 6-3): with viewings, no acceptance deadline may be
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

// The three holiday examples of decision 045, as facts checked against date-holidays, one row a year: a
// viewing may not be in the past, so each case is taken from the first year in which it is still two days or
// more ahead. 12:00 in Oslo on each deadline day is 10:00 UTC (summer time).
const HOLIDAY_CASES: Record<string, Array<[viewingDay: string, deadline: string]>> = {
  // Skjærtorsdag, langfredag and 2. påskedag are holidays: Easter Wednesday gives the Tuesday after.
  'Easter Wednesday': [
    ['2027-03-24', '2027-03-30T10:00:00.000Z'],
    ['2028-04-12', '2028-04-18T10:00:00.000Z'],
    ['2029-03-28', '2029-04-03T10:00:00.000Z'],
  ],
  // 17 May is a holiday.
  '16 May': [
    ['2027-05-16', '2027-05-18T10:00:00.000Z'],
    ['2028-05-16', '2028-05-18T10:00:00.000Z'],
    ['2029-05-16', '2029-05-18T10:00:00.000Z'],
  ],
  'a Friday': [
    ['2027-04-16', '2027-04-19T10:00:00.000Z'],
    ['2028-09-08', '2028-09-11T10:00:00.000Z'],
    ['2029-09-07', '2029-09-10T10:00:00.000Z'],
  ],
};

function nextCase(name: string): [string, string] {
  const soonest = osloDayAhead(2);
  const found = HOLIDAY_CASES[name]?.find(([day]) => day >= soonest);
  if (!found) throw new Error(`The 12:00 rule's table has no future year for ${name}: add a new year to it`);
  return found;
}

describe('the 12:00 rule', () => {
  it.each(Object.keys(HOLIDAY_CASES))(
    'a last viewing on %s gives 12:00 on the first working day after',
    async (name) => {
      const [viewingDay, deadline] = nextCase(name);
      const round = await newRound();
      await addViewingOk(t, seller, round.id, viewingOn(viewingDay, '18:00', '19:00'));
      expect(await shortest(round.id)).toEqual({ minimumBidDeadline: deadline, reason: 'viewing' });
    },
  );

  it('moves when viewings are added and removed, and is gone with the last one', async () => {
    const day = plainWeeksAhead(14);
    const round = await newRound();
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: null, reason: null });
    const friday = await addViewingOk(t, seller, round.id, viewingOn(day(4)));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime(day(7), '12:00'));
    // The last viewing counts, not the last added: an earlier one changes nothing.
    const tuesday = await addViewingOk(t, seller, round.id, viewingOn(day(1)));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime(day(7), '12:00'));
    const nextWednesday = await addViewingOk(t, seller, round.id, viewingOn(day(9)));
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime(day(10), '12:00'));
    expect((await removeViewing(t, seller, round.id, nextWednesday.id)).statusCode).toBe(200);
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime(day(7), '12:00'));
    expect((await removeViewing(t, seller, round.id, friday.id)).statusCode).toBe(200);
    expect((await shortest(round.id)).minimumBidDeadline).toBe(osloTime(day(2), '12:00'));
    expect((await removeViewing(t, seller, round.id, tuesday.id)).statusCode).toBe(200);
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: null, reason: null });
  });

  it("is the later of the seller's own and the rule's, naming which; the seller's returns when the viewings go", async () => {
    const day = plainWeeksAhead(14);
    const sellers = osloTime(day(8), '15:00');
    const round = await newRound({ minimumBidDeadline: sellers });
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
    // A viewing whose rule falls before the seller's deadline leaves the seller's in force.
    await addViewingOk(t, seller, round.id, viewingOn(day(4)));
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
    const later = await addViewingOk(t, seller, round.id, viewingOn(day(9)));
    expect(await shortest(round.id)).toEqual({
      minimumBidDeadline: osloTime(day(10), '12:00'),
      reason: 'viewing',
    });
    await removeViewing(t, seller, round.id, later.id);
    expect(await shortest(round.id)).toEqual({ minimumBidDeadline: sellers, reason: 'seller' });
  });

  it('refuses a bid whose acceptance deadline is earlier, with the existing message, and takes one at exactly that time', async () => {
    const day = plainWeeksAhead(14);
    const round = await newRound();
    await addViewingOk(t, seller, round.id, viewingOn(day(1)));
    const minimum = osloTime(day(2), '12:00');
    const early = await placeBid(t, bidder, round.id, 4_100_000, {
      bidDeadline: new Date(Date.parse(minimum) - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { path: 'bidDeadline', message: 'Akseptfristen kan ikke være før korteste akseptfrist for budrunden' },
    ]);
    expect((await roundView(t, bidder, round.id)).highestBid).toBeNull();
    const onTime = await placeBid(t, bidder, round.id, 4_100_000, { bidDeadline: minimum });
    expect(onTime.statusCode, onTime.body).toBe(201);
    expect(onTime.json().bid.bidDeadline).toBe(minimum);
  });
});
