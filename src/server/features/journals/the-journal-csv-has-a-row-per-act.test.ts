import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import {
  ARNES_TERMS,
  BERITS_TERMS,
  playRecordedRound,
  REJECTION_WORDS,
} from '../../../../tests/setup/journal-acts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatShortDateTime } from '../../../shared/format/date';

// Decision 036: the owner's CSV has a row per act, of the kind its 'Hendelse' column
// names, in time order; the columns that were there keep their places.

let t: TestApp;
let round: Awaited<ReturnType<typeof playRecordedRound>>;

beforeAll(async () => {
  t = await createTestApp();
  round = await playRecordedRound(counterOfferHelpers(t));
});
afterAll(() => t.close());

const csvOf = async (cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.roundId}/journal/csv`, cookie });
  expect(res.statusCode).toBe(200);
  const [header = [], ...rows] = res.body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
  const col = (name: string) => header.indexOf(name);
  return { header, rows, col };
};

describe('the CSV, a row per act', () => {
  it('names each act’s kind, party, state and amount in time order', async () => {
    const { header, rows, col } = await csvOf(round.owner.cookie);
    expect(header.slice(0, 6)).toEqual([
      'Budgiver',
      'Status',
      'Beløp (kr)',
      'Forbehold',
      'Akseptfrist',
      'Mottatt',
    ]);
    expect(header.slice(12, 14)).toEqual(['Hendelse', 'Melding']);
    expect(rows.map((r) => [r[col('Hendelse')], r[0], r[1], r[2]])).toEqual([
      ['Bud', 'Arne Test', 'Avslått', '4100000'],
      ['Bud', 'Berit Test', '', '5250000'],
      ['Motbud', 'Arne Test', 'Trukket', '4600000'],
      ['Motbud trukket', 'Arne Test', 'Trukket', '4600000'],
      ['Motbud', 'Berit Test', 'Avslått av budgiver', '5500000'],
      ['Motbud avslått', 'Berit Test', 'Avslått av budgiver', '5500000'],
      ['Avslag', 'Arne Test', 'Avslått', '4100000'],
      ['Motbud', 'Berit Test', 'Akseptert', '5400000'],
      ['Motbud akseptert', 'Berit Test', 'Akseptert', '5400000'],
      ['Budrunden lukket', '', '', ''],
    ]);
  });

  it('carries a counter-offer’s conditions and deadline, the seller’s words, and how the round ended', async () => {
    const { rows, col } = await csvOf(round.owner.cookie);
    const toArne = rows[2] ?? [];
    expect(toArne[col('Forbehold')]).toBe(ARNES_TERMS);
    expect(toArne[col('Akseptfrist')]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(rows[4]?.[col('Forbehold')]).toBe(BERITS_TERMS);
    const rejection = rows[6] ?? [];
    expect(rejection[col('Melding')]).toBe(REJECTION_WORDS);
    expect(rejection[col('E-post')]).toBe(round.a.email);
    const close = rows[9] ?? [];
    expect(close[col('Melding')]).toBe('Motbud akseptert');
    const journal = (
      await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie: round.owner.cookie })
    ).json() as { bidRound: { id: string; closedAt: string } }[];
    const closedAt = journal.find((j) => j.bidRound.id === round.roundId)?.bidRound.closedAt ?? '';
    expect(close[col('Mottatt')]).toBe(formatShortDateTime(closedAt));
    // Only the bid rows carry a plan; every other act leaves its four cells empty ('Signert' follows them:
    // a binding act's row says 'Ja' or 'Nei' there, decision 059).
    const plan = col('Egenkapital (kr)');
    for (const row of rows.filter((r) => r[col('Hendelse')] !== 'Bud'))
      expect(row.slice(plan, plan + 4)).toEqual(['', '', '', '']);
  });

  it('an admin downloads the same rows; a bidder still may not', async () => {
    const admin = await signInAdmin(t);
    expect((await csvOf(admin.cookie)).rows).toEqual((await csvOf(round.owner.cookie)).rows);
    const refused = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.roundId}/journal/csv`,
      cookie: round.a.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
