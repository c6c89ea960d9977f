import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { putPhotos, storedPhotos } from '../../../../tests/setup/photos';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';
import { bidRounds } from '../../db/schema';

let t: TestApp;
let owner: string;
let bidder: string;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInVerified(t, 'eier.bilder@example.no');
  bidder = await signInVerified(t, 'budgiver.bilder@example.no');
  admin = await signInAdmin(t, 'admin.bilderett@example.no');
});
afterAll(() => t.close());

const photosOf = async (id: string) =>
  ((await t.request({ method: 'GET', url: `/api/bid-rounds/${id}`, cookie: owner })).json() as BidRoundView)
    .property.imageUrls;

describe('who may change the photos of a round', () => {
  it('a visitor is asked to log in, a bidder is refused, and nothing changes', async () => {
    const [a = '', b = ''] = await storedPhotos(t, 2);
    const round = await createRoundAs(t, owner, { imageUrls: [a, b] });
    await placeBidOk(t, bidder, round.id, 4_000_000);
    expect((await putPhotos(t, undefined, round.id, [b, a])).statusCode).toBe(401);
    const refused = await putPhotos(t, bidder, round.id, [b, a]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bare selgeren eller en administrator kan gjøre dette');
    expect(await photosOf(round.id)).toEqual([a, b]);
  });

  it('an admin may, and the change is recorded as the admin’s, with an audit row', async () => {
    const [a = '', b = ''] = await storedPhotos(t, 2);
    const round = await createRoundAs(t, owner, { imageUrls: [a, b] });
    const res = await putPhotos(t, admin.cookie, round.id, [b]);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as BidRoundView;
    expect(answered.property.imageUrls).toEqual([b]);
    expect(answered.changes).toEqual([expect.objectContaining({ kind: 'photos', byAdmin: true })]);
    const audit = await auditRowsFor(t, round.id);
    expect(audit.map((row) => row.summary)).toEqual([
      'Endret budrunden «Koselig enebolig»: bildene er endret',
    ]);
  });

  it('an unknown round is 404', async () => {
    const res = await putPhotos(t, owner, '00000000-0000-4000-8000-000000000000', []);
    expect(res.statusCode).toBe(404);
  });

  it('a closed round and one past its deadline are 409, and nothing changes', async () => {
    const [a = '', b = ''] = await storedPhotos(t, 2);
    const closed = await createRoundAs(t, owner, { imageUrls: [a, b] });
    const close = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${closed.id}/close`,
      cookie: owner,
    });
    expect(close.statusCode, close.body).toBe(200);
    const expired = await createRoundAs(t, owner, { imageUrls: [a, b] });
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(bidRounds.id, expired.id));
    for (const round of [closed, expired]) {
      const res = await putPhotos(t, owner, round.id, [b, a]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Budrunden er allerede lukket');
      expect(await photosOf(round.id)).toEqual([a, b]);
    }
  });

  it('a change of photos is shown on the page, not mailed to followers', async () => {
    const [a = '', b = ''] = await storedPhotos(t, 2);
    const round = await createRoundAs(t, owner, { imageUrls: [a, b] });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: bidder });
    await t.runJobs();
    const before = (await t.mails('budgiver.bilder@example.no')).length;
    expect((await putPhotos(t, owner, round.id, [b, a])).statusCode).toBe(200);
    await t.runJobs();
    expect(await t.mails('budgiver.bilder@example.no')).toHaveLength(before);
  });
});
