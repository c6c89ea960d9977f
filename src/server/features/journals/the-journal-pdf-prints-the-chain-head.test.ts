import { describe, expect, it } from 'vitest';
import { pdfText, pdfTextLines } from '../../../../tests/setup/pdf-text';
import { journalToPdf, type PdfJournal } from './journal-pdf';

// Decision 038: the PDF's first page prints the round's hash chain's head under
// the facts, 'Kjedens hode: nr. <seq>, <hash>', the hash in a monospaced font, and how to check it.

const HEAD = { seq: 12, hash: '3f2a9c0d'.repeat(8) };

const journal = (chainHead: PdfJournal['chainHead']): PdfJournal => ({
  isOwnerCopy: true,
  property: { title: 'Kjedehuset', address: 'Kjedeveien 1, 0150 Oslo' },
  startingPrice: 3_000_000,
  closedAt: '2026-03-02T11:00:00.000Z',
  closeReason: 'deadline',
  acceptedAt: null,
  entries: [],
  acts: [],
  chainHead,
});

const madeAt = new Date('2026-03-03T09:30:00.000Z');

describe('the chain’s head on the PDF', () => {
  it('is printed under the facts, before the bids, with how to check it', async () => {
    const text = pdfText(await journalToPdf(journal(HEAD), { madeAt }));
    const line = `Kjedens hode: nr. 12, ${HEAD.hash}`;
    expect(text).toContain(line);
    expect(text).toContain(
      'Eller kontroller med npm run verify-journal, eksporten fra budjournalen og nøkkelen på',
    );
    expect(text).toContain('Kontroller budjournalen selv på /kontroller-budjournal');
    expect(text.indexOf('Laget: 3. mars 2026')).toBeLessThan(text.indexOf(line));
    expect(text.indexOf(line)).toBeLessThan(text.indexOf('Bud (0)'));
    // The hash is one text run of its own, so a reader's PDF tool selects and copies it whole.
    expect(pdfTextLines(await journalToPdf(journal(HEAD), { madeAt }))).toContain(HEAD.hash);
  });

  it('is in Courier, the built-in monospaced font', async () => {
    const raw = (await journalToPdf(journal(HEAD), { madeAt, compress: false })).toString('latin1');
    expect(raw).toContain('/BaseFont /Courier');
  });

  it('is left out, with no placeholder, for a round without a chain', async () => {
    const text = pdfText(await journalToPdf(journal(null), { madeAt }));
    expect(text).not.toContain('Kjedens hode');
    expect(text).not.toContain('verify-journal');
    expect(text).not.toContain('kontroller-budjournal');
  });
});
