import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { journalOf, playRecordedRound, summary } from '../../../../tests/setup/journal-acts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { StoredJournal } from './journal-builder';
import { findJournal, updateJournalData } from './journals.repository';

// Decision 036: a journal written before counter-offers (and rejections, and bid plans) existed holds none
// of their fields. It still reads, its acts being its bids, the acceptance and the close.

let t: TestApp;
let round: Awaited<ReturnType<typeof playRecordedRound>>;

/** The stored journal as an older version wrote it: no counter-offers, no rejection, no plan, no end of bidding. */
function asWrittenBefore(journal: StoredJournal): StoredJournal {
  const { counterOffers: _offers, biddingEndedAt: _ended, ...rest } = journal;
  return {
    ...rest,
    // Before counter-offers a decided round's reason was 'winner'.
    closeReason: 'winner',
    entries: journal.entries.map(
      ({ rejectedAt: _at, rejectionMessage: _words, financing: _f, takeoverDate: _d, ...entry }) => entry,
    ),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  round = await playRecordedRound(counterOfferHelpers(t));
  for (const reader of [round.owner, round.a]) {
    const me = (await t.request({ method: 'GET', url: '/api/auth/user', cookie: reader.cookie })).json();
    const row = await findJournal(t.deps.db, round.roundId, me.id);
    if (!row) throw new Error('no journal');
    await updateJournalData(t.deps.db, row.id, asWrittenBefore(row.journalData));
  }
});
afterAll(() => t.close());

describe('a journal written before the record', () => {
  it('reads with its bids, the acceptance and the close as its acts, and no counter-offer', async () => {
    const journal = await journalOf(t, round.roundId, round.a.cookie);
    expect(summary(journal.acts)).toEqual([
      ['Bud', 'Du', 4_100_000],
      ['Bud', 'Budgiver B', 5_250_000],
      ['Bud', 'Budgiver B', 5_400_000],
      ['Vinner valgt', 'Budgiver B', 5_400_000],
      ['Budrunden lukket', null, null],
    ]);
    expect(journal.journalData.every((e) => !e.isRejected && e.financing === null)).toBe(true);
  });

  it('its CSV has the same rows', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.roundId}/journal/csv`,
      cookie: round.owner.cookie,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(';'));
    expect(rows.map((r) => [r[12], r[0]])).toEqual([
      ['Bud', 'Arne Test'],
      ['Bud', 'Berit Test'],
      ['Bud', 'Berit Test'],
      ['Vinner valgt', 'Berit Test'],
      ['Budrunden lukket', ''],
    ]);
  });
});
