import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { bidJournals, bidRounds, bids, passwordResetRequests, properties, users } from '../db/schema';
import { seedDemoData } from './seed-demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemoData', () => {
  it('fills an empty database with users, rounds with real images and an admin queue, once', async () => {
    const log = pino({ level: 'silent' });
    expect(await seedDemoData(t.deps, log)).toBe(true);
    const allUsers = await t.deps.db.select().from(users);
    expect(allUsers).toHaveLength(5);
    expect(allUsers.filter((u) => !u.emailVerified).map((u) => u.email)).toEqual(['nina@budrunde.no']);
    expect(allUsers.filter((u) => u.isAdmin)).toHaveLength(1);
    const resets = await t.deps.db.select().from(passwordResetRequests);
    expect(resets).toMatchObject([{ userId: allUsers.find((u) => u.email === 'ingrid@budrunde.no')?.id }]);
    const allBids = await t.deps.db.select().from(bids);
    expect(allBids).toHaveLength(7);
    // One bid carries a financing proof the seller can download: a real PDF, stored privately.
    const withProof = allBids.filter((b) => b.financingProof);
    expect(withProof).toHaveLength(1);
    const seller = allUsers.find((u) => u.email === 'selger@budrunde.no');
    const { login } = await import('../../../tests/setup/accounts');
    const { sessionCookieFrom } = await import('../../../tests/setup/test-app');
    const { DEMO_PASSWORD } = await import('./seed-demo-data');
    const cookie = sessionCookieFrom(
      (await login(t, seller?.email ?? '', DEMO_PASSWORD)).headers['set-cookie'],
    );
    const proof = await t.request({
      method: 'GET',
      url: `/api/bids/${withProof[0]?.id}/financing-proof`,
      cookie,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.deps.db.select().from(bidJournals)).toHaveLength(3);

    const res = await t.request({ method: 'GET', url: '/api/bid-rounds/active' });
    const rounds = res.json() as {
      id: string;
      property: { imageUrl: string; imageUrls: string[]; prospectus: { size: number } | null };
      viewings: unknown[];
      minimumBidDeadlineReason: string | null;
    }[];
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    for (const round of rounds) {
      // A gallery: the outside as the cover, then three rooms.
      expect(round.property.imageUrls).toHaveLength(4);
      expect(round.property.imageUrls[0]).toBe(round.property.imageUrl);
      for (const url of round.property.imageUrls) {
        const image = await t.request({ method: 'GET', url });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
      }
    }
    // The house and the cabin have a salgsoppgave and a viewing, whose 12:00 rule sets the shortest deadline.
    const listed = rounds.filter((r) => r.property.prospectus);
    expect(listed).toHaveLength(2);
    for (const round of listed) {
      expect(round.viewings).toHaveLength(1);
      expect(round.minimumBidDeadlineReason).toBe('viewing');
      const pdf = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}/prospectus`, cookie });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    expect(await seedDemoData(t.deps, log)).toBe(false);
    expect(await t.deps.db.select().from(users)).toHaveLength(5);
    expect((await t.deps.db.select().from(properties)).length).toBe(
      (await t.deps.db.select().from(bidRounds)).length,
    );
  });
});
