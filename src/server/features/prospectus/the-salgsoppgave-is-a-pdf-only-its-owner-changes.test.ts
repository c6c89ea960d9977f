import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { makePdf, putProspectus, storedProspectuses } from '../../../../tests/setup/prospectus';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { bidRounds, properties } from '../../db/schema';

// The salgsoppgave (decision 044): the owner (or an admin) uploads one PDF, checked by its bytes, at most
// 25 MB, replaces and removes it while the round is open; everyone else is refused, and a refusal stores
// nothing.
let t: TestApp;
let admin: { id: string; cookie: string };
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  pdf = await makePdf('Salgsoppgave for Solveien 12');
});
afterAll(() => t.close());

let n = 0;
const person = (name: string) => signInVerified(t, `${name}-${++n}@example.no`);

async function ownRound() {
  const owner = await person('selger');
  const round = await createRoundAs(t, owner);
  return { owner, roundId: round.id };
}

const propertyOf = async (roundId: string) => {
  const [row] = await t.deps.db
    .select({ key: properties.prospectusKey, size: properties.prospectusSize })
    .from(properties)
    .innerJoin(bidRounds, eq(bidRounds.propertyId, properties.id))
    .where(eq(bidRounds.id, roundId));
  return row;
};

const removeProspectus = (cookie: string | undefined, roundId: string) =>
  t.request({ method: 'DELETE', url: `/api/bid-rounds/${roundId}/prospectus`, cookie });

describe('PUT /api/bid-rounds/{id}/prospectus', () => {
  it('stores the owner’s PDF privately and answers the round with its size and time', async () => {
    const { owner, roundId } = await ownRound();
    const res = await putProspectus(t, owner, roundId, pdf);
    expect(res.statusCode, res.body).toBe(200);
    const round = res.json() as BidRoundView;
    expect(round.id).toBe(roundId);
    expect(round.property.prospectus?.size).toBe(pdf.length);
    expect(Date.parse(round.property.prospectus?.uploadedAt ?? '')).not.toBeNaN();
    const key = (await propertyOf(roundId))?.key ?? '';
    expect(key).toMatch(/^prospectuses\/[0-9a-f-]{36}\.pdf$/);
    expect((await t.deps.storage.get(key))?.bytes.equals(pdf)).toBe(true);
    // Never under the public /objects/ route.
    expect((await t.request({ method: 'GET', url: `/objects/${key}` })).statusCode).toBe(404);
    // The round's own page reads the same.
    const page = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie: owner });
    expect(page.json().property.prospectus).toEqual(round.property.prospectus);
  });

  it('replaces the file under a new key and deletes the old one; an admin may too', async () => {
    const { owner, roundId } = await ownRound();
    await putProspectus(t, owner, roundId, pdf);
    const first = (await propertyOf(roundId))?.key ?? '';
    const second = await makePdf('Ny salgsoppgave med takst');
    const res = await putProspectus(t, admin.cookie, roundId, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().property.prospectus.size).toBe(second.length);
    const now = (await propertyOf(roundId))?.key ?? '';
    expect(now).not.toBe(first);
    await t.runJobs();
    expect(await t.deps.storage.exists(first)).toBe(false);
    expect((await t.deps.storage.get(now))?.bytes.equals(second)).toBe(true);
  });

  it('decides the type by the bytes: a PNG sent as application/pdf, text or an empty body get 400', async () => {
    const { owner, roundId } = await ownRound();
    const before = await storedProspectuses(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const bytes of [png, Buffer.from('%PDF er bare tekst her')]) {
      const res = await putProspectus(t, owner, roundId, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Salgsoppgaven må være en PDF-fil');
    }
    const empty = await putProspectus(t, owner, roundId, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Filen er tom. Velg salgsoppgaven som PDF-fil.');
    expect((await propertyOf(roundId))?.key).toBeNull();
    expect(await storedProspectuses(t)).toEqual(before);
  });

  it('refuses a file over 25 MB with 413 before reading it, and stores nothing', async () => {
    const { owner, roundId } = await ownRound();
    const before = await storedProspectuses(t);
    // A PDF padded to a size, still ending as a PDF does.
    const ofSize = (size: number) =>
      Buffer.concat([pdf, Buffer.alloc(size - pdf.length - 7, 0x20), Buffer.from('\n%%EOF\n')]);
    const large = ofSize(25 * 1024 * 1024 + 1);
    const res = await putProspectus(t, owner, roundId, large);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Salgsoppgaven er større enn 25 MB');
    expect((await propertyOf(roundId))?.key).toBeNull();
    expect(await storedProspectuses(t)).toEqual(before);
    // Exactly 25 MB is taken.
    const atLimit = await putProspectus(t, owner, roundId, ofSize(25 * 1024 * 1024));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().property.prospectus.size).toBe(25 * 1024 * 1024);
  });

  it('refuses visitors (401), others (403), unknown rounds (404) and ended rounds (409), storing nothing', async () => {
    const { owner, roundId } = await ownRound();
    const before = await storedProspectuses(t);
    const bidder = await person('byder');
    const cases: [string | undefined, string, number, string][] = [
      [undefined, roundId, 401, 'Ikke innlogget'],
      [bidder, roundId, 403, 'Bare selgeren eller en administrator kan gjøre dette'],
      [owner, randomUUID(), 404, 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.'],
    ];
    for (const [cookie, id, status] of cases) {
      expect((await putProspectus(t, cookie, id, pdf)).statusCode).toBe(status);
    }
    expect((await putProspectus(t, owner, 'ikke-en-id', pdf)).statusCode).toBe(400);

    const closed = await ownRound();
    const close = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${closed.roundId}/close`,
      cookie: closed.owner,
    });
    expect(close.statusCode, close.body).toBe(200);
    const refused = await putProspectus(t, closed.owner, closed.roundId, pdf);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Budrunden er allerede lukket');

    const expired = await ownRound();
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(bidRounds.id, expired.roundId));
    expect((await putProspectus(t, expired.owner, expired.roundId, pdf)).statusCode).toBe(409);
    expect((await putProspectus(t, admin.cookie, expired.roundId, pdf)).statusCode).toBe(409);

    expect(await storedProspectuses(t)).toEqual(before);
    expect((await propertyOf(roundId))?.key).toBeNull();
  });
});

describe('DELETE /api/bid-rounds/{id}/prospectus', () => {
  it('removes the file for the owner, and 404 when there is none', async () => {
    const { owner, roundId } = await ownRound();
    await putProspectus(t, owner, roundId, pdf);
    const key = (await propertyOf(roundId))?.key ?? '';
    const res = await removeProspectus(owner, roundId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().property.prospectus).toBeNull();
    expect(await propertyOf(roundId)).toEqual({ key: null, size: null });
    await t.runJobs();
    expect(await t.deps.storage.exists(key)).toBe(false);
    const again = await removeProspectus(owner, roundId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Budrunden har ingen salgsoppgave');
  });

  it('follows the upload’s rules: 401, 403, 404, 409, and the file stays', async () => {
    const { owner, roundId } = await ownRound();
    await putProspectus(t, owner, roundId, pdf);
    const key = (await propertyOf(roundId))?.key ?? '';
    expect((await removeProspectus(undefined, roundId)).statusCode).toBe(401);
    expect((await removeProspectus(await person('byder'), roundId)).statusCode).toBe(403);
    expect((await removeProspectus(owner, randomUUID())).statusCode).toBe(404);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: owner });
    expect((await removeProspectus(owner, roundId)).statusCode).toBe(409);
    await t.runJobs();
    expect((await propertyOf(roundId))?.key).toBe(key);
    expect(await t.deps.storage.exists(key)).toBe(true);
  });

  it('an admin may remove it, and deleting the round deletes the file', async () => {
    const { owner, roundId } = await ownRound();
    await putProspectus(t, owner, roundId, pdf);
    expect((await removeProspectus(admin.cookie, roundId)).statusCode).toBe(200);

    const other = await ownRound();
    await putProspectus(t, other.owner, other.roundId, pdf);
    const key = (await propertyOf(other.roundId))?.key ?? '';
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/bid-rounds/${other.roundId}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await t.runJobs();
    expect(await t.deps.storage.exists(key)).toBe(false);
  });
});
