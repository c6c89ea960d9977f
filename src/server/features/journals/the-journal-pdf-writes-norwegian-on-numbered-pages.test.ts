import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalAct } from '../../../shared/schemas/journal';
import { journalToPdf, type PdfJournal } from './journal-pdf';
import { drawable } from './journal-pdf-tables';

// Decision 038: the PDF is bokmål with æøå, kroner grouped by spaces, and every page
// says 'Side n av N' and names the regulation.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Norwegian on the page', () => {
  it('writes æøå, – and «», amounts with spaces, and a filename from the address in plain letters', async () => {
    const owner = await signInVerified(t, 'solveig@example.no', { firstName: 'Solveig', lastName: 'Ås' });
    const bidder = await signInVerified(t, 'oystein@example.no', {
      firstName: 'Øystein',
      lastName: 'Bjørnæs',
    });
    const round = await createRoundAs(t, owner, {
      title: 'Ærverdig hytte på Østsiden',
      address: 'Bøgata 7, 9008 Tromsø',
      startingPrice: 2_750_000,
    });
    await placeBidOk(t, bidder, round.id, 3_125_000, { conditions: 'Forbehold om lån – «godkjent»' });
    const closed = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/close`,
      cookie: owner,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const res = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/journal.pdf`,
      cookie: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="budjournal-bogata-7-9008-tromso.pdf"',
    );
    const text = pdfText(res.rawPayload);
    for (const words of [
      'Ærverdig hytte på Østsiden',
      'Adresse: Bøgata 7, 9008 Tromsø',
      'Startpris: 2 750 000 kr',
      'Øystein Bjørnæs 3 125 000 kr Høyeste bud Forbehold om lån – «godkjent»',
      'Hvordan budrunden ble avsluttet: Lukket av selger eller administrator',
      'Budjournal etter forskrift om eiendomsmegling § 3-5 – Budrunde',
      'Side 1 av 1',
    ])
      expect(text).toContain(words);

    const own = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/journal.pdf`,
      cookie: bidder,
    });
    const theirs = pdfText(own.rawPayload);
    expect(theirs).toContain('Budgiverens eksemplar');
    expect(theirs).toContain('Du 3 125 000 kr Høyeste bud, Ditt bud');
  });

  it('draws what its font cannot as ‘?’, never as garbage', () => {
    expect(drawable('Łukasz Wójcik 🏠 ø – «»')).toBe('?ukasz Wójcik ? ø – «»');
    expect(drawable('1\u202f000\u2212')).toBe('1\u00a0000-');
  });
});

const closedAt = '2026-03-02T11:00:00.000Z';
const act = (i: number): JournalAct => ({
  at: new Date(Date.parse('2026-03-01T08:00:00.000Z') + i * 60_000).toISOString(),
  kind: 'Bud',
  party: `Budgiver ${String.fromCharCode(65 + (i % 26))}`,
  amount: 3_000_000 + i * 10_000,
  deadline: null,
  conditions: i % 5 === 0 ? 'Forbehold om salg av egen bolig og finansiering i banken' : null,
  message: null,
  isSigned: false,
});

const manyActs = (count: number): PdfJournal => ({
  isOwnerCopy: false,
  property: { title: 'Langt hus', address: 'Lia 1, Hamar' },
  startingPrice: 3_000_000,
  closedAt,
  closeReason: 'deadline',
  acceptedAt: null,
  entries: [],
  acts: Array.from({ length: count }, (_, i) => ({ act: act(i), state: null })),
});

describe('pages', () => {
  it('a long record runs over pages, each numbered of the whole, with the headers again', async () => {
    const pdf = await journalToPdf(manyActs(120), { madeAt: new Date(closedAt) });
    const text = pdfText(pdf);
    const pages = Number(/Side 1 av (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Side ${n} av ${pages}`);
    expect(text.split('Budjournal etter forskrift om eiendomsmegling § 3-5').length - 1).toBe(pages);
    expect(text.split('Tidspunkt Hendelse Part Beløp Status Detaljer').length - 1).toBe(pages);
    expect(text).toContain('Ingen bud ble lagt inn i denne budrunden.');
    expect(text).toContain('Hendelser (120)');
    expect(text).toContain('Budgiver Z 3 250 000 kr');
  });

  it('reads the same compressed or not, and the same twice for the same moment', async () => {
    const madeAt = new Date('2026-03-03T09:30:00.000Z');
    const packed = await journalToPdf(manyActs(3), { madeAt });
    const plain = await journalToPdf(manyActs(3), { madeAt, compress: false });
    expect(plain.length).toBeGreaterThan(packed.length);
    expect(pdfText(plain)).toBe(pdfText(packed));
    expect(pdfText(plain)).toContain('Laget: 3. mars 2026 kl. 10:30');
    expect((await journalToPdf(manyActs(3), { madeAt })).equals(packed)).toBe(true);
  });
});
