import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import {
  ARNES_TERMS,
  BERITS_TERMS,
  inTimeOrder,
  journalOf,
  playRecordedRound,
  REJECTION_WORDS,
  summary,
} from '../../../../tests/setup/journal-acts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 036: the budjournal records every act in time order, bids, rejections,
// counter-offers and their outcomes, the acceptance and the close, each reader's copy by today's rules on
// identities. The CSV: the-journal-csv-has-a-row-per-act.test.ts.

let t: TestApp;
let h: CounterOfferHelpers;
let round: Awaited<ReturnType<typeof playRecordedRound>>;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  round = await playRecordedRound(h);
});
afterAll(() => t.close());

describe('the record of every act', () => {
  it('the owner’s copy lists every act in time order, naming every bidder, with words and conditions', async () => {
    const journal = await journalOf(t, round.roundId, round.owner.cookie);
    expect(journal.bidRound.closeReason).toBe('counter-offer');
    // The bid Berit's acceptance placed is not a 'Bud' of its own: 'Motbud akseptert' is that act.
    expect(summary(journal.acts)).toEqual([
      ['Bud', 'Arne Test', 4_100_000],
      ['Bud', 'Berit Test', 5_250_000],
      ['Motbud', 'Arne Test', 4_600_000],
      ['Motbud trukket', 'Arne Test', 4_600_000],
      ['Motbud', 'Berit Test', 5_500_000],
      ['Motbud avslått', 'Berit Test', 5_500_000],
      ['Avslag', 'Arne Test', 4_100_000],
      ['Motbud', 'Berit Test', 5_400_000],
      ['Motbud akseptert', 'Berit Test', 5_400_000],
      ['Budrunden lukket', null, null],
    ]);
    expect(inTimeOrder(journal.acts)).toBe(true);
    const [, , toArne, , toBerit] = journal.acts;
    expect(toArne).toMatchObject({ conditions: ARNES_TERMS, deadline: expect.any(String), message: null });
    expect(toBerit?.conditions).toBe(BERITS_TERMS);
    expect(journal.acts.find((x) => x.kind === 'Avslag')?.message).toBe(REJECTION_WORDS);
    const close = journal.acts.at(-1);
    expect(close).toMatchObject({ at: journal.bidRound.closedAt, message: 'Motbud akseptert' });
    // The entries stay as they were: one per bid, highest first, the accepted one the winner.
    expect(journal.journalData.map((e) => [e.bidderName, e.amount, e.isWinner])).toEqual([
      ['Berit Test', 5_400_000, true],
      ['Berit Test', 5_250_000, false],
      ['Arne Test', 4_100_000, false],
    ]);
  });

  it('Arne’s copy: ‘Du’ for his own acts, ‘Budgiver B’ for Berit’s, his own rejection words, none of hers', async () => {
    const journal = await journalOf(t, round.roundId, round.a.cookie);
    expect(summary(journal.acts)).toEqual([
      ['Bud', 'Du', 4_100_000],
      ['Bud', 'Budgiver B', 5_250_000],
      ['Motbud', 'Du', 4_600_000],
      ['Motbud trukket', 'Du', 4_600_000],
      ['Motbud', 'Budgiver B', 5_500_000],
      ['Motbud avslått', 'Budgiver B', 5_500_000],
      ['Avslag', 'Du', 4_100_000],
      ['Motbud', 'Budgiver B', 5_400_000],
      ['Motbud akseptert', 'Budgiver B', 5_400_000],
      ['Budrunden lukket', null, null],
    ]);
    expect(journal.acts[2]?.conditions).toBe(ARNES_TERMS);
    expect(journal.acts[4]?.conditions).toBeNull();
    expect(journal.acts[6]?.message).toBe(REJECTION_WORDS);
    const text = JSON.stringify(journal);
    for (const secret of ['Berit', 'Selma', BERITS_TERMS, round.b.email, round.b.phone])
      expect(text).not.toContain(secret);
  });

  it('Berit’s copy: ‘Budgiver A’ for Arne, without the seller’s words to him or his counter-offer’s conditions', async () => {
    const journal = await journalOf(t, round.roundId, round.b.cookie);
    expect(summary(journal.acts)).toEqual([
      ['Bud', 'Budgiver A', 4_100_000],
      ['Bud', 'Du', 5_250_000],
      ['Motbud', 'Budgiver A', 4_600_000],
      ['Motbud trukket', 'Budgiver A', 4_600_000],
      ['Motbud', 'Du', 5_500_000],
      ['Motbud avslått', 'Du', 5_500_000],
      ['Avslag', 'Budgiver A', 4_100_000],
      ['Motbud', 'Du', 5_400_000],
      ['Motbud akseptert', 'Du', 5_400_000],
      ['Budrunden lukket', null, null],
    ]);
    expect(journal.acts[2]?.conditions).toBeNull();
    expect(journal.acts[4]?.conditions).toBe(BERITS_TERMS);
    expect(journal.acts[6]?.message).toBeNull();
    const text = JSON.stringify(journal);
    for (const secret of ['Arne', 'Selma', ARNES_TERMS, REJECTION_WORDS, round.a.email, round.a.phone])
      expect(text).not.toContain(secret);
  });

  it('a winner chosen: a newer counter-offer replaces the older, the close ends the open one, then the acceptance and the close', async () => {
    const { owner, a, roundId, bidA, bidB } = await h.setting();
    const first = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    await h.createOk(roundId, owner.cookie, bidA.id, 4_400_000);
    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/select-winner/${bidB.id}`,
      cookie: owner.cookie,
    });
    expect(chosen.statusCode).toBe(200);
    const journal = await journalOf(t, roundId, a.cookie);
    expect(journal.acts.map((x) => [x.kind, x.party, x.amount, x.message])).toEqual([
      ['Bud', 'Du', 4_100_000, null],
      ['Bud', 'Budgiver B', 5_250_000, null],
      ['Motbud', 'Du', 4_500_000, null],
      ['Motbud trukket', 'Du', 4_500_000, 'Erstattet av et nytt motbud'],
      ['Motbud', 'Du', 4_400_000, null],
      ['Motbud trukket', 'Du', 4_400_000, 'Budrunden ble avsluttet'],
      ['Vinner valgt', 'Budgiver B', 5_250_000, null],
      ['Budrunden lukket', null, null, 'Vinner valgt'],
    ]);
    expect(first.status).toBe('open');
    expect(inTimeOrder(journal.acts)).toBe(true);
  });

  it('a round closed without a winner ends with its close alone', async () => {
    const { owner, roundId } = await h.setting();
    const closed = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/close`,
      cookie: owner.cookie,
    });
    expect(closed.statusCode).toBe(200);
    const journal = await journalOf(t, roundId, owner.cookie);
    expect(journal.acts.map((x) => [x.kind, x.message])).toEqual([
      ['Bud', null],
      ['Bud', null],
      ['Budrunden lukket', 'Lukket av selger eller administrator'],
    ]);
  });
});
