import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { inDays, inHours, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { Mail } from '../../mail/mailer';

// Decision 066: a decided round has an acceptance letter (akseptbrev) for the seller, the buyer and their
// co-bidders and admins, with both parties, the property, the amount in figures and words, the conditions and
// their states, the deadlines, the takeover day, the plan and the chain's head; both parties get it by mail
// with their own journal, and the other bidders get their anonymised journal.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const letter = (roundId: string, cookie: string) =>
  t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/acceptance-letter.pdf`, cookie });
const pdfOf = (mail: Mail | undefined) =>
  (mail?.attachments ?? []).filter((a) => a.contentType === 'application/pdf').map((a) => a.filename);

describe('GET /api/bid-rounds/{id}/acceptance-letter.pdf', () => {
  it('is the letter of the accepted bid, for the parties and admins, and mailed with each one’s journal', async () => {
    const s = await h.together();
    const takeover = inDays(60).slice(0, 10);
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 5_250_000, {
      conditions: [
        { kind: 'Finansiering', until: inHours(3) },
        { kind: 'Annet', text: 'Styregodkjenning' },
      ],
      financing: { equity: 1_000_000, loan: 4_250_000, lender: 'Sparebanken Løvetann' },
      takeoverDate: takeover,
    });
    const early = await letter(s.roundId, s.owner.cookie);
    expect([early.statusCode, early.json().message]).toEqual([
      404,
      'Budrunden har ikke noe akseptert bud, og derfor ikke noe akseptbrev',
    ]);
    const waived = await t.request({
      method: 'PUT',
      url: `/api/bids/${bid.id}/conditions/0/waive`,
      cookie: s.kari.cookie,
      payload: {},
    });
    expect(waived.statusCode, waived.body).toBe(200);
    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${s.roundId}/select-winner/${bid.id}`,
      cookie: s.owner.cookie,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    for (const cookie of [s.owner.cookie, s.ola.cookie, s.kari.cookie, admin.cookie]) {
      const res = await letter(s.roundId, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="akseptbrev-fellesboligen.pdf"');
    }
    const text = pdfText((await letter(s.roundId, s.owner.cookie)).rawPayload);
    for (const words of [
      'Akseptbrev',
      'Fellesboligen, Delevegen 2, 0150 Oslo',
      'Selger: Selma Selger',
      'Kjøper: Ola Nordmann og Kari Nordmann',
      'Byr som forbruker',
      'Kjøpesum: 5 250 000 kr',
      'fem millioner to hundre og femti tusen kroner',
      'Akseptfrist:',
      'Akseptert:',
      'Sparebanken Løvetann',
      'Forbehold (2)',
      'Finansiering (frist',
      'Frafalt',
      'Styregodkjenning – Gjelder',
      'Kjedens hode: handling nr.',
    ])
      expect(text).toContain(words);
    expect(text.replace(/\u00a0/g, ' ')).toContain('Kjøpesum: 5 250 000 kr');

    // The journal lists each condition with its state, in the CSV and the PDF (decision 066).
    const csv = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${s.roundId}/journal/csv`,
      cookie: s.owner.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Finansiering \(frist [^)]+\) – Frafalt /);
    // One still in force reads as its words alone, as conditions always did.
    expect(csv.body).toContain('Styregodkjenning');
    expect(csv.body).not.toContain('Styregodkjenning –');
    const journals = await t.request({
      method: 'GET',
      url: '/api/user/bid-journals',
      cookie: s.owner.cookie,
    });
    const acts = (
      journals.json() as { bidRound: { id: string }; acts: { kind: string; conditions: string | null }[] }[]
    )
      .find((j) => j.bidRound.id === s.roundId)
      ?.acts.filter((a) => a.kind === 'Forbehold frafalt');
    expect(acts?.map((a) => a.conditions)).toEqual([expect.stringMatching(/^Finansiering \(frist /)]);
    const journalPdf = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${s.roundId}/journal.pdf`,
      cookie: s.owner.cookie,
    });
    expect(pdfText(journalPdf.rawPayload)).toContain('Frafalt');

    for (const who of [s.ingrid.cookie]) expect((await letter(s.roundId, who)).statusCode).toBe(403);
    const unknown = await letter('00000000-0000-4000-8000-000000000000', s.owner.cookie);
    expect(unknown.statusCode).toBe(404);

    await t.runJobs();
    const decided = (to: string) =>
      t.mails(to).then((mails) => mails.filter((m) => (m.attachments ?? []).length > 0).at(-1));
    expect(pdfOf(await decided(s.owner.email))).toEqual([
      'akseptbrev-fellesboligen.pdf',
      expect.stringMatching(/^budjournal-.*\.pdf$/),
    ]);
    for (const buyer of [s.ola.email, s.kari.email])
      expect(pdfOf(await decided(buyer))).toEqual([
        'akseptbrev-fellesboligen.pdf',
        expect.stringMatching(/^budjournal-.*\.pdf$/),
      ]);
    const other = await decided(s.ingrid.email);
    expect(pdfOf(other)).toEqual([expect.stringMatching(/^budjournal-.*\.pdf$/)]);
    // Ingrid's own copy: the others anonymised.
    const attached = Buffer.from(other?.attachments?.[0]?.content ?? '', 'base64');
    const copy = pdfText(attached);
    expect(copy).toContain('Budgiverens eksemplar');
    expect(copy).not.toContain('Ola Nordmann');
  });

  it('is made when the buyer accepts the seller’s counter-offer, too', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000);
    const offer = await t.request({
      method: 'POST',
      url: `/api/bid-rounds/${s.roundId}/counter-offers`,
      cookie: s.owner.cookie,
      payload: { bidId: bid.id, amount: 4_300_000, deadline: inHours(2) },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await t.request({
      method: 'PUT',
      url: `/api/counter-offers/${offer.json().counterOffer.id}/accept`,
      cookie: s.ola.cookie,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const res = await letter(s.roundId, s.ola.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Kjøperen har akseptert selgerens motbud');
    expect(text).toContain('fire millioner tre hundre tusen kroner');
  });
});
