import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidView, OwnerBidView, RoundBids } from '../../../shared/schemas/bid';
import { bids, financingProofs } from '../../db/schema';

let t: TestApp;
let admin: { id: string; cookie: string };
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

let n = 0;
const person = (name: string) => signInVerified(t, `${name}-${++n}@example.no`);

function upload(cookie: string | undefined, body: Buffer | Uint8Array, contentType = 'application/pdf') {
  return t.request({
    method: 'POST',
    url: '/api/financing-proofs',
    cookie,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

async function uploadOk(
  cookie: string,
  body: Buffer | Uint8Array = pdf,
  contentType = 'application/pdf',
): Promise<string> {
  const res = await upload(cookie, body, contentType);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const proofRow = async (id: string) =>
  (await t.deps.db.select().from(financingProofs).where(eq(financingProofs.id, id)))[0];

describe('POST /api/financing-proofs', () => {
  it('stores a PDF, a JPEG or a PNG and answers 201 with its id', async () => {
    const bidder = await person('byder');
    const jpeg = await sharp(png).jpeg().toBuffer();
    for (const [bytes, type] of [
      [pdf, 'application/pdf'],
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
    ] as const) {
      const id = await uploadOk(bidder, bytes, type);
      const row = await proofRow(id);
      expect(row?.contentType).toBe(type);
      expect((await t.deps.storage.get(row?.storageKey ?? ''))?.bytes.equals(bytes)).toBe(true);
    }
  });

  it('takes a file the browser could not name (no type, or application/octet-stream) when its bytes are a PDF', async () => {
    const bidder = await person('byder');
    const id = await uploadOk(bidder, pdf, 'application/octet-stream');
    expect((await proofRow(id))?.contentType).toBe('application/pdf');
    expect((await upload(bidder, Buffer.from('bare tekst'), 'application/octet-stream')).statusCode).toBe(
      400,
    );
  });

  it('decides the type by the bytes: a renamed text file or a mislabelled header gets 400', async () => {
    const bidder = await person('byder');
    const text = await upload(bidder, Buffer.from('Jeg har penger, stol på meg'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Finansieringsbeviset må være en PDF-, JPEG- eller PNG-fil');
    // A real PDF declared as something we do not take.
    expect((await upload(bidder, pdf, 'text/html')).statusCode).toBe(400);
    expect((await upload(bidder, Buffer.from('GIF89a....'), 'image/png')).statusCode).toBe(400);
    expect((await upload(bidder, Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('refuses more than 10 MB with 413 and a Norwegian message', async () => {
    const bidder = await person('byder');
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(bidder, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Finansieringsbeviset er større enn 10 MB');
  });

  it('refuses visitors with 401 and unverified accounts with 403, storing nothing', async () => {
    const before = (await t.deps.db.select().from(financingProofs)).length;
    expect((await upload(undefined, pdf)).statusCode).toBe(401);
    const { createUnverifiedUser } = await import('../../../../tests/setup/admin');
    await createUnverifiedUser(t, 'uverifisert-bevis@example.no');
    const { login } = await import('../../../../tests/setup/accounts');
    const { sessionCookieFrom } = await import('../../../../tests/setup/test-app');
    const res = await login(t, 'uverifisert-bevis@example.no');
    if (res.statusCode === 200) {
      expect((await upload(sessionCookieFrom(res.headers['set-cookie']), pdf)).statusCode).toBe(403);
    } else {
      // Unverified accounts may not log in at all: then they cannot upload either.
      expect(res.statusCode).toBe(403);
    }
    expect((await t.deps.db.select().from(financingProofs)).length).toBe(before);
  });
});

describe('a bid with a financing proof', () => {
  it('shows only "hasFinancingProof" to everyone, and lets the owner, admins and the bidder download the file', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const other = await person('annen');
    const round = await createRoundAs(t, seller);
    const proofId = await uploadOk(bidder);
    const bid = await placeBidOk(t, bidder, round.id, 4_000_000, { financingProofId: proofId });
    expect((bid as unknown as BidView).hasFinancingProof).toBe(true);
    await placeBidOk(t, other, round.id, 4_100_000);

    const list = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}/bids`, cookie: other })
    ).json() as RoundBids;
    expect(list.bids.map((b) => b.hasFinancingProof)).toEqual([false, true]);
    expect(JSON.stringify(list)).not.toContain(proofId);
    const owner = (
      await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${round.id}/bids`, cookie: seller })
    ).json() as OwnerBidView[];
    expect(owner.find((b) => b.id === bid.id)?.hasFinancingProof).toBe(true);

    const url = `/api/bids/${bid.id}/financing-proof`;
    for (const cookie of [seller, admin.cookie, bidder]) {
      const res = await t.request({ method: 'GET', url, cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="finansieringsbevis.pdf"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
    const res = await t.request({ method: 'GET', url, cookie: other });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Bare budgiveren, selgeren og administratorer kan se finansieringsbeviset',
    );
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('is never served under the public /objects/ path', async () => {
    const bidder = await person('byder');
    const row = await proofRow(await uploadOk(bidder));
    expect(row?.storageKey).toMatch(/^financing-proofs\/[0-9a-f-]{36}\.pdf$/);
    const res = await t.request({ method: 'GET', url: `/objects/${row?.storageKey}` });
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(pdf)).toBe(false);
  });

  it('a bid without a proof has none to download: 404', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller);
    const bid = await placeBidOk(t, bidder, round.id, 4_000_000);
    const res = await t.request({
      method: 'GET',
      url: `/api/bids/${bid.id}/financing-proof`,
      cookie: seller,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Budet har ikke noe finansieringsbevis');
  });

  it("refuses someone else's proof with 403, a used one or an unknown id with 400, and changes nothing", async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const thief = await person('tyv');
    const round = await createRoundAs(t, seller);
    const proofId = await uploadOk(bidder);

    const stolen = await placeBid(t, thief, round.id, 4_000_000, { financingProofId: proofId });
    expect(stolen.statusCode).toBe(403);
    const unknown = await placeBid(t, bidder, round.id, 4_000_000, {
      financingProofId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, round.id))).length).toBe(0);

    await placeBidOk(t, bidder, round.id, 4_000_000, { financingProofId: proofId });
    const reused = await placeBid(t, bidder, round.id, 4_100_000, { financingProofId: proofId });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/allerede lagt ved et annet bud/);
    expect((await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, round.id))).length).toBe(1);
  });

  it('two bids racing for one proof: exactly one gets it', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const [a, b] = [await createRoundAs(t, seller), await createRoundAs(t, seller)];
    const proofId = await uploadOk(bidder);
    const results = await Promise.all([
      placeBid(t, bidder, a.id, 4_000_000, { financingProofId: proofId }),
      placeBid(t, bidder, b.id, 4_000_000, { financingProofId: proofId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const row = await proofRow(proofId);
    const attached = await t.deps.db.select().from(bids).where(eq(bids.financingProof, proofId));
    expect(attached.map((x) => x.id)).toEqual([row?.bidId]);
  });
});

describe('deleting financing proofs', () => {
  it('goes with the round: rows at once, the file when the job runs', async () => {
    const seller = await person('selger');
    const bidder = await person('byder');
    const round = await createRoundAs(t, seller);
    const proofId = await uploadOk(bidder);
    await placeBidOk(t, bidder, round.id, 4_000_000, { financingProofId: proofId });
    const key = (await proofRow(proofId))?.storageKey ?? '';
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/bid-rounds/${round.id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await proofRow(proofId)).toBeUndefined();
    await t.runJobs();
    expect(await t.deps.storage.exists(key)).toBe(false);
  });

  it("goes with the bidder's personal data", async () => {
    const seller = await person('selger');
    const bidder = await signInVerified(t, 'slettes-med-bevis@example.no');
    const round = await createRoundAs(t, seller);
    const attachedId = await uploadOk(bidder);
    const looseId = await uploadOk(bidder, png, 'image/png');
    await placeBidOk(t, bidder, round.id, 4_000_000, { financingProofId: attachedId });
    const keys = [
      (await proofRow(attachedId))?.storageKey ?? '',
      (await proofRow(looseId))?.storageKey ?? '',
    ];
    const bidderId = await userIdOf(t, 'slettes-med-bevis@example.no');
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${bidderId}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await proofRow(attachedId)).toBeUndefined();
    expect(await proofRow(looseId)).toBeUndefined();
    const owner = (
      await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${round.id}/bids`, cookie: seller })
    ).json() as OwnerBidView[];
    expect(owner[0]?.hasFinancingProof).toBe(false);
    await t.runJobs();
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(false);
  });
});
