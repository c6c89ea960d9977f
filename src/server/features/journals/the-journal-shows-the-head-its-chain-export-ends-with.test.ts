import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { sellerSignerAndBidder } from '../../../../tests/setup/signer-and-bidder';
import { bidBody, placeSignedBid } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';

// Decisions 038 and 040: every reader's journal, as JSON and as PDF, shows the
// head of the round's chain, and it is the head the chain's export ends with, so a reader who checks the
// export (npm run verify-journal) knows it is the record their journal was printed from. The head is read
// when the journal is, so an act appended after the close (an anonymisation) moves it.

let t: TestApp;
let owner: string;
let signer: string;
let ola: string;
let roundId: string;

beforeAll(async () => {
  t = await createTestApp();
  const people = await sellerSignerAndBidder(t);
  ({ owner, signer, ola } = people);
  const { authenticator } = people;
  roundId = (await createRoundAs(t, owner, { title: 'Kjedehuset', address: 'Kjedeveien 1, 0150 Oslo' })).id;
  await placeBidOk(t, ola, roundId, 4_050_000);
  const signed = await placeSignedBid(t, signer, authenticator, bidBody(roundId, 4_100_000));
  expect(signed.statusCode, signed.body).toBe(201);
  const closed = await t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: owner });
  expect(closed.statusCode, closed.body).toBe(200);
}, 30_000);
afterAll(() => t.close());

async function get(url: string, cookie: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The link only: each answer signs it anew, at its own time (decision 057). */
const linkOf = (head: { seq: number; hash: string } | null | undefined) =>
  head && { seq: head.seq, hash: head.hash };

const exportedHead = async (cookie: string) =>
  linkOf((await get(`/api/bid-rounds/${roundId}/journal/export`, cookie)).json().head) as {
    seq: number;
    hash: string;
  };

async function journalHead(cookie: string) {
  const journals = (await get('/api/user/bid-journals', cookie)).json() as JournalView[];
  return linkOf(journals.find((j) => j.bidRound.id === roundId)?.chainHead);
}

const pdfOf = async (cookie: string) =>
  pdfText((await get(`/api/bid-rounds/${roundId}/journal.pdf`, cookie)).rawPayload);

describe('the chain’s head in the journal', () => {
  it('each reader’s JSON and PDF show the head the export ends with', async () => {
    const head = await exportedHead(owner);
    expect(head.seq).toBeGreaterThan(3);
    expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
    for (const cookie of [owner, signer, ola]) {
      expect(await exportedHead(cookie)).toEqual(head);
      expect(await journalHead(cookie)).toEqual(head);
      const text = await pdfOf(cookie);
      expect(text).toContain(`Kjedens hode: nr. ${head.seq}, ${head.hash}`);
      // The page's whole address, so that the printed journal tells a home buyer where to check it.
      expect(text).toContain(`Kontroller budjournalen selv på ${t.deps.env.APP_URL}/kontroller-budjournal`);
      expect(text).toContain(
        'Eller kontroller med npm run verify-journal, eksporten fra budjournalen og nøkkelen på',
      );
    }
    // An admin's copy is the owner's, with the same head.
    const admin = await signInAdmin(t);
    expect(await pdfOf(admin.cookie)).toContain(`Kjedens hode: nr. ${head.seq}, ${head.hash}`);
  });

  it('is read, not stored: an act appended after the close moves it in the JSON and the PDF', async () => {
    const before = await exportedHead(owner);
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: ola });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await exportedHead(owner);
    expect(after.seq).toBeGreaterThan(before.seq);
    expect(await journalHead(owner)).toEqual(after);
    const text = await pdfOf(owner);
    expect(text).toContain(`Kjedens hode: nr. ${after.seq}, ${after.hash}`);
    expect(text).not.toContain(before.hash);
  });
});
