import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanApp, startPlanApp } from '../../../../tests/setup/bid-plan-app';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import type { TestApp } from '../../../../tests/setup/test-app';
import { bids, jobs } from '../../db/schema';

// Decision 033: a financing plan that does not cover the bid, a malformed plan or a takeover day in the
// past is refused with 400 and a Norwegian message on its field, and nothing is stored or queued. Every
// answer here is also checked against the API document.

const DAY = 86_400_000;

let raw: TestApp;
let t: TestApp;
let contract: PlanApp['contract'];
let owner: string;
let anna: string;
let dayFromNow: PlanApp['dayFromNow'];

beforeAll(async () => {
  ({ raw, t, contract, owner, anna, dayFromNow } = await startPlanApp());
});
afterAll(() => raw.close());

describe('a bad plan or date is refused with 400 and changes nothing', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'a plan that does not cover the amount',
      { financing: { equity: 1_000_000, loan: 3_999_999, lender: 'DNB' } },
      'financing',
      'Finansieringsplanen dekker ikke budbeløpet',
    ],
    [
      'negative equity',
      { financing: { equity: -1, loan: 6_000_000, lender: 'DNB' } },
      'financing.equity',
      'Egenkapital kan ikke være negativ',
    ],
    [
      'a negative loan',
      { financing: { equity: 6_000_000, loan: -500, lender: 'DNB' } },
      'financing.loan',
      'Lån kan ikke være negativt',
    ],
    [
      'fractional kroner',
      { financing: { equity: 1_000_000.5, loan: 4_000_000, lender: 'DNB' } },
      'financing.equity',
      'Egenkapital må være et helt antall kroner',
    ],
    [
      'kroner beyond the highest amount',
      { financing: { equity: 10_000_000_001, loan: 0, lender: 'DNB' } },
      'financing.equity',
      'Egenkapital kan ikke være høyere enn 10 000 000 000 kr',
    ],
    [
      'kroner as text',
      { financing: { equity: '1000000', loan: 4_000_000, lender: 'DNB' } },
      'financing.equity',
      'Egenkapital må være et helt antall kroner',
    ],
    [
      'a lender name over 100 characters',
      { financing: { equity: 1_000_000, loan: 4_000_000, lender: 'L'.repeat(101) } },
      'financing.lender',
      'Långiver kan ha høyst 100 tegn',
    ],
    ['a day that does not exist', { takeoverDate: '2031-02-30' }, 'takeoverDate', 'gyldig dato'],
    ['a Norwegian-written date', { takeoverDate: '01.03.2031' }, 'takeoverDate', 'gyldig dato'],
    ['a time rather than a day', { takeoverDate: '2031-03-01T12:00:00Z' }, 'takeoverDate', 'gyldig dato'],
    ['a date as a number', { takeoverDate: 20310301 }, 'takeoverDate', 'gyldig dato'],
  ];

  it.each(cases)('%s', async (_name, fields, path, message) => {
    const round = await createRoundAs(t, owner);
    const before = await stored(round.id);
    const res = await placeBid(t, anna, round.id, 5_000_000, fields);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors: { path: string; message: string }[] };
    expect(body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]),
    );
    expect(await stored(round.id)).toEqual(before);
  });

  it("a takeover day before today in Norway: 'Overtakelsesdato kan ikke være tilbake i tid'", async () => {
    const round = await createRoundAs(t, owner);
    const res = await placeBid(t, anna, round.id, 5_000_000, { takeoverDate: dayFromNow(-1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Overtakelsesdato kan ikke være tilbake i tid',
      errors: [{ path: 'takeoverDate', message: 'Overtakelsesdato kan ikke være tilbake i tid' }],
    });
    expect(await stored(round.id)).toEqual({ bids: 0, jobs: expect.any(Number) });
  });

  it('judges the takeover day on the server clock, not the caller’s', async () => {
    const round = await createRoundAs(t, owner);
    const tomorrow = dayFromNow(1);
    t.clock.advance(3 * DAY);
    try {
      const res = await placeBid(t, anna, round.id, 5_000_000, { takeoverDate: tomorrow });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Overtakelsesdato kan ikke være tilbake i tid');
    } finally {
      t.clock.advance(-3 * DAY);
    }
    await placeBidOk(t, anna, round.id, 5_000_000, { takeoverDate: tomorrow });
  });
});

/** The round's bids and the jobs queued anywhere: a refused bid adds to neither. */
async function stored(roundId: string) {
  const [bidRows] = await raw.deps.db.select({ n: count() }).from(bids).where(eq(bids.bidRoundId, roundId));
  const [jobRows] = await raw.deps.db.select({ n: count() }).from(jobs);
  return { bids: bidRows?.n ?? 0, jobs: jobRows?.n ?? 0 };
}

it('every answer above matches the API document', () => {
  expect(contract.failures).toEqual([]);
});
