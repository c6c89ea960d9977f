import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { journalOf } from '../../../../tests/setup/journal-acts';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 065 (forskrift om eiendomsmegling § 3-5: the journal names the bidder): when the round ends,
// every member of a group gets a journal of their own, and the owner's journal, CSV and PDF name every
// member and the company; the other bidders' copies do not.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
let c: ReturnType<typeof counterOfferHelpers>;
let s: Awaited<ReturnType<ReturnType<typeof coBidderHelpers>['together']>>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
  c = counterOfferHelpers(t);
  s = await h.together();
  await placeBidOk(t, s.kari.cookie, s.roundId, 4_100_000);
  await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_200_000, {
    company: { orgNumber: '923609016', name: 'Hansen Holding AS', signerRole: 'styreleder' },
  });
  expect((await c.closeRound(s.roundId, s.owner.cookie)).statusCode).toBe(200);
});
afterAll(() => t.close());

const file = (path: string, cookie: string) =>
  t.request({ method: 'GET', url: `/api/bid-rounds/${s.roundId}/${path}`, cookie });

describe('the journal of a round with a group and a company', () => {
  it('goes to every member, each seeing the group’s bid as their own', async () => {
    for (const member of [s.ola, s.kari]) {
      const journal = await journalOf(t, s.roundId, member.cookie);
      const own = journal.journalData.find((e) => e.amount === 4_100_000);
      expect(own).toMatchObject({ isOwnBid: true, bidderName: 'Du', buyerCapacity: 'forbruker' });
      const other = journal.journalData.find((e) => e.amount === 4_200_000);
      expect(other).toMatchObject({ bidderName: 'Budgiver B', company: null, coBidders: [] });
    }
  });

  it('names every member and the company in the owner’s journal, CSV and PDF', async () => {
    const journal = await journalOf(t, s.roundId, s.owner.cookie);
    expect(journal.journalData.find((e) => e.amount === 4_100_000)).toMatchObject({
      bidderName: 'Ola Nordmann',
      coBidders: [{ name: 'Kari Nordmann', email: s.kari.email }],
    });
    expect(journal.journalData.find((e) => e.amount === 4_200_000)).toMatchObject({
      buyerCapacity: 'naeringsdrivende',
      company: { name: 'Hansen Holding AS', signerRole: 'styreleder' },
    });
    const csv = (await file('journal/csv', s.owner.cookie)).body;
    expect(csv.split('\r\n')[0]).toMatch(/;Byr som;Selskap;Medbudgivere$/);
    expect(csv).toContain(`Kari Nordmann, ${s.kari.email}`);
    expect(csv).toContain('Ingrid Hansen, som styreleder for Hansen Holding AS (org.nr. 923 609 016)');
    const pdf = await file('journal.pdf', s.owner.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Sammen med Kari Nordmann');
    expect(text).toContain('Hansen Holding AS');
    expect(text).toContain('Byr som næringsdrivende');
  });

  it('tells Ingrid nothing of the group or its names', async () => {
    const journal = await journalOf(t, s.roundId, s.ingrid.cookie);
    expect(JSON.stringify(journal)).not.toContain('Kari');
    const pdf = await file('journal.pdf', s.ingrid.cookie);
    expect((await pdfText(pdf.rawPayload)).includes('Kari')).toBe(false);
  });
});
