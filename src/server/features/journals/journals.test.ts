import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';
import { journalToCsv } from './journal-csv';

let t: TestApp;
let owner: string;
let kari: string;
let ola: string;
let roundId: string;
let winnerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari', lastName: 'By', bankName: 'DNB' });
  ola = await signUp(t, 'ola@example.no', { firstName: 'Ola', lastName: 'Hansen', phoneNumber: '92345678' });
  const round = await createRoundAs(t, owner, { title: 'Journalhuset', address: 'Storgata 5, 0155 Oslo' });
  roundId = round.id;
  await placeBidOk(t, kari, roundId, 4_000_000, { conditions: 'Finansiering' });
  winnerId = (await placeBidOk(t, ola, roundId, 4_200_000)).id;
  await placeBidOk(t, kari, roundId, 4_300_000);
  const res = await t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/select-winner/${winnerId}`,
    cookie: owner,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

const journalFor = async (cookie: string): Promise<JournalView> => {
  const res = await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie });
  const journal = (res.json() as JournalView[]).find((j) => j.bidRound.id === roundId);
  if (!journal) throw new Error('no journal');
  return journal;
};

describe('journals per reader', () => {
  it('the owner’s copy names every bidder with contact and bank details, and marks the winner', async () => {
    const journal = await journalFor(owner);
    expect(journal.isOwnerCopy).toBe(true);
    expect(journal.bidRound).toMatchObject({
      closeReason: 'winner',
      startingPrice: 4_000_000,
      property: { title: 'Journalhuset' },
    });
    expect(journal.bidRound.acceptedAt).toBe(journal.bidRound.closedAt);
    expect(journal.journalData.map((e) => [e.bidderName, e.amount, e.isWinner, e.isHighestBid])).toEqual([
      ['Kari By', 4_300_000, false, true],
      ['Ola Hansen', 4_200_000, true, false],
      ['Kari By', 4_000_000, false, false],
    ]);
    expect(journal.journalData[2]).toMatchObject({
      bidderEmail: 'kari@example.no',
      bankName: 'DNB',
      conditions: 'Finansiering',
    });
  });

  it('a bidder’s copy shows their own bids as “Du” and everyone else as the same pseudonyms as the live list', async () => {
    const journal = await journalFor(ola);
    expect(journal.isOwnerCopy).toBe(false);
    expect(journal.journalData.map((e) => [e.bidderName, e.isOwnBid])).toEqual([
      ['Budgiver A', false],
      ['Du', true],
      ['Budgiver A', false],
    ]);
    const others = journal.journalData.filter((e) => !e.isOwnBid);
    for (const e of others) {
      expect(e).toMatchObject({
        userId: null,
        bidderEmail: null,
        bidderPhone: null,
        bidderAddress: null,
        bankName: null,
      });
    }
    expect(JSON.stringify(journal)).not.toMatch(/Kari|kari@example|DNB|41234567/);
  });

  it('the CSV is for the owner and admins: Excel-friendly, with every bid', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${roundId}/journal/csv`,
      cookie: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="budjournal-storgata-5-0155-oslo.csv"',
    );
    const body = res.body;
    expect(body.startsWith('\ufeffBudgiver;Status;Beløp (kr);')).toBe(true);
    const lines = body.trim().split('\r\n');
    // Three bids, the winner's acceptance and the close: a row per act (decision 036).
    expect(lines).toHaveLength(6);
    expect(lines[2]).toMatch(/^Ola Hansen;Vinner;4200000;;/);
    expect(
      (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/csv`, cookie: kari }))
        .statusCode,
    ).toBe(403);
  });
});

describe('journalToCsv', () => {
  const entry = {
    userId: null,
    isOwnBid: false,
    isHighestBid: false,
    isWinner: false,
    isExpired: false,
    bidderName: 'Kari',
    bidderEmail: null,
    bidderPhone: null,
    bidderAddress: null,
    bankName: null,
    bankContactName: null,
    bankContactPhone: null,
    conditions: null,
    bidDeadline: '2026-11-24T11:00:00.000Z',
    amount: 100,
    createdAt: '2026-11-23T09:05:00.000Z',
  };

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+47 123', "'+47 123"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Finansiering; salg', '"Finansiering; salg"'],
    ['Linje 1\nLinje 2', '"Linje 1\nLinje 2"'],
  ])('neutralises and quotes %j', (conditions, expected) => {
    const csv = journalToCsv([{ ...entry, conditions }]);
    expect(csv.split('\r\n')[1]?.split(';').slice(3).join(';')).toContain(expected);
  });

  it("marks a bid whose acceptance deadline had passed as 'Utløpt'", () => {
    expect(journalToCsv([{ ...entry, isExpired: true }]).split('\r\n')[1]).toContain('Kari;Utløpt;100;');
  });

  it('writes times in Oslo', () => {
    expect(journalToCsv([entry]).split('\r\n')[1]).toContain('24.11.2026 12:00;23.11.2026 10:05');
  });
});
