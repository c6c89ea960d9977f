import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: string;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t)).cookie;
});
afterAll(() => t.close());

async function uploadProof(cookie: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/financing-proofs',
    cookie,
    headers: { 'content-type': 'application/pdf' },
    payload: pdf,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function receiptTo(email: string): Promise<string> {
  await t.runJobs();
  const receipt = (await t.mails(email)).find((m) => m.subject.startsWith('Kvittering for bud'));
  expect(receipt, `no receipt to ${email}`).toBeDefined();
  return receipt?.text ?? '';
}

describe("the bidder's receipt and their own financing proof", () => {
  it('the receipt says whether a proof was attached', async () => {
    const seller = await signInVerified(t, 'selger-kvittering@example.no');
    const withProof = await signInVerified(t, 'med-bevis@example.no');
    const without = await signInVerified(t, 'uten-bevis@example.no');
    const round = await createRoundAs(t, seller);
    await placeBidOk(t, withProof, round.id, 4_000_000, { financingProofId: await uploadProof(withProof) });
    await placeBidOk(t, without, round.id, 4_100_000);

    const attached = await receiptTo('med-bevis@example.no');
    expect(attached).toContain('Finansieringsbevis: vedlagt');
    const missing = await receiptTo('uten-bevis@example.no');
    expect(missing).toContain('Finansieringsbevis: ikke vedlagt');
    expect(missing).not.toContain('Finansieringsbevis: vedlagt');
  });

  it('the bidder downloads their own proof; other bidders and strangers get 403, visitors 401', async () => {
    const seller = await signInVerified(t, 'selger-nedlasting@example.no');
    const bidder = await signInVerified(t, 'egen-bevis@example.no');
    const rival = await signInVerified(t, 'rival@example.no');
    const stranger = await signInVerified(t, 'fremmed@example.no');
    const round = await createRoundAs(t, seller);
    const bid = await placeBidOk(t, bidder, round.id, 4_000_000, {
      financingProofId: await uploadProof(bidder),
    });
    const rivalBid = await placeBidOk(t, rival, round.id, 4_100_000, {
      financingProofId: await uploadProof(rival),
    });
    const url = `/api/bids/${bid.id}/financing-proof`;

    for (const cookie of [bidder, seller, admin]) {
      const own = await t.request({ method: 'GET', url, cookie });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['content-disposition']).toBe('attachment; filename="finansieringsbevis.pdf"');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload.equals(pdf)).toBe(true);
    }
    for (const cookie of [rival, stranger]) {
      const res = await t.request({ method: 'GET', url, cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Bare budgiveren, selgeren og administratorer kan se finansieringsbeviset',
      );
      expect(res.rawPayload.includes(pdf)).toBe(false);
    }
    // Their own proof is theirs alone: the bidder cannot fetch the rival's either.
    const rivals = `/api/bids/${rivalBid.id}/financing-proof`;
    expect((await t.request({ method: 'GET', url: rivals, cookie: bidder })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
