import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { journalOf, playRecordedRound, REJECTION_WORDS } from '../../../../tests/setup/journal-acts';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatShortDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';

// Decision 038: GET /api/bid-rounds/{id}/journal.pdf gives every reader their own copy
// of the journal, as the journal dialog shows it: the owner's names everyone, a bidder's only them.

let t: TestApp;
let h: ReturnType<typeof counterOfferHelpers>;
let round: Awaited<ReturnType<typeof playRecordedRound>>;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  round = await playRecordedRound(h);
});
afterAll(() => t.close());

const get = (roundId: string, cookie?: string) =>
  t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal.pdf`, ...(cookie ? { cookie } : {}) });

async function textOf(cookie: string): Promise<string> {
  const res = await get(round.roundId, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

describe('who gets a PDF', () => {
  it('a visitor 401, a signed-in user without a copy of the round 404, an unknown round 404', async () => {
    expect((await get(round.roundId)).statusCode).toBe(401);
    const stranger = await h.person('Sigve');
    const refused = await get(round.roundId, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Fant ingen budjournal for denne budrunden');
    expect((await get('00000000-0000-4000-8000-000000000000', round.owner.cookie)).statusCode).toBe(404);
    expect((await get('ikke-en-id', round.owner.cookie)).statusCode).toBe(400);
  });

  it('the owner, each bidder and an admin get a PDF attachment, never cached', async () => {
    const admin = await signInAdmin(t);
    for (const cookie of [round.owner.cookie, round.a.cookie, round.b.cookie, admin.cookie]) {
      const res = await get(round.roundId, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="budjournal-avslagsveien-3-oslo.pdf"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });
});

describe('the owner’s copy', () => {
  it('names every bidder with their contact details, and says whose copy it is', async () => {
    const text = await textOf(round.owner.cookie);
    for (const line of ['Budjournal', 'Avslagshuset', 'Avslagsveien 3, Oslo', 'Selgerens eksemplar'])
      expect(text).toContain(line);
    for (const name of ['Arne Test', 'Berit Test']) expect(text).toContain(name);
    for (const detail of [round.a.email, round.a.phone, round.b.email, round.b.phone])
      expect(text).toContain(detail);
    expect(text).toContain('Startpris: 4 000 000 kr');
    expect(text).toContain('Hvordan budrunden ble avsluttet: Motbud akseptert');
    expect(text).toContain('Vinnende bud: 5 400 000 kr');
    expect(text).not.toContain('Budgiver A');
  });

  it('lists every act of the round in time order, with its time, kind, amount and state', async () => {
    const acts = (await journalOf(t, round.roundId, round.owner.cookie)).acts;
    const text = await textOf(round.owner.cookie);
    let at = text.indexOf(`Hendelser (${acts.length}) Tidspunkt Hendelse Part Beløp Status Detaljer`);
    expect(at).toBeGreaterThan(0);
    // Each act is a row whose cells read in order: time, kind, party, amount (then its state and details).
    for (const act of acts) {
      const amount = act.amount === null ? '–' : formatMoney(act.amount).replaceAll('\u00a0', ' ');
      const row = `${formatShortDateTime(act.at)} ${act.kind} ${act.party ?? '–'} ${amount}`;
      const next = text.indexOf(row, at);
      expect(next, row).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain(`Melding fra selgeren: ${REJECTION_WORDS}`);
    expect(text).toContain('Motbud akseptert Berit Test 5 400 000 kr Akseptert');
    expect(text).toContain('Motbud trukket Arne Test 4 600 000 kr Trukket');
    expect(text).toContain('Avslag Arne Test 4 100 000 kr Avslått');
    expect(text).toContain('Budrunden lukket – – – Motbud akseptert');
  });

  it('an admin gets the owner’s copy', async () => {
    const admin = await signInAdmin(t, 'admin2@example.no');
    const text = await textOf(admin.cookie);
    expect(text).toContain('Selgerens eksemplar');
    expect(text).toContain('Arne Test');
    expect(text).toContain(round.b.email);
  });
});

describe('a bidder’s copy', () => {
  it('calls the reader ‘Du’ and the other ‘Budgiver B’, and names no one else', async () => {
    const text = await textOf(round.a.cookie);
    expect(text).toContain('Budgiverens eksemplar');
    expect(text).toContain('Du');
    expect(text).toContain('Budgiver B');
    expect(text).toContain('Andre budgivere er anonymisert som «Budgiver A», «Budgiver B» og så videre.');
    // His own rejection words are his to read.
    expect(text).toContain(REJECTION_WORDS);
    for (const other of ['Berit', round.b.email, round.b.phone, 'Selma', round.owner.email])
      expect(text).not.toContain(other);
  });

  it('the other bidder’s copy does not carry the seller’s words to Arne', async () => {
    const text = await textOf(round.b.cookie);
    expect(text).toContain('Budgiver A');
    expect(text).not.toContain(REJECTION_WORDS);
    for (const other of ['Arne', round.a.email, round.a.phone]) expect(text).not.toContain(other);
  });
});
