import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';
import { bidJournals, bidRoundFollowers, bidRounds, bids, properties } from '../../db/schema';
import { storePropertyImage } from '../images/image-processing';
import { propertyImageKey } from '../images/upload.service';

let t: TestApp;
let admin: { id: string; cookie: string };
let seller: string;
let anna: string;
let bjorn: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  seller = await signInVerified(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  anna = await signInVerified(t, 'anna@example.no', { firstName: 'Anna', lastName: 'Andersen' });
  bjorn = await signInVerified(t, 'bjorn@example.no', { firstName: 'Bjørn', lastName: 'Berg' });
});
afterAll(() => t.close());

const deleteRound = (id: string, cookie = admin.cookie) =>
  t.request({ method: 'DELETE', url: `/api/admin/bid-rounds/${id}`, cookie });
const rowsOf = async (roundId: string) => ({
  rounds: await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId)),
  bids: await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId)),
  journals: await t.deps.db.select().from(bidJournals).where(eq(bidJournals.bidRoundId, roundId)),
  followers: await t.deps.db
    .select()
    .from(bidRoundFollowers)
    .where(eq(bidRoundFollowers.bidRoundId, roundId)),
});
const journalsOf = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie })).json() as JournalView[];

async function storedImage(): Promise<string> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4d7c0f' } })
    .jpeg()
    .toBuffer();
  return storePropertyImage(t.deps.storage, bytes);
}

describe('an admin deletes a round', () => {
  it('removes the round with its property, bids, followers and image, keeps its journals marked, tells the participants, and audits it', async () => {
    const imageUrl = await storedImage();
    const round = await createRoundAs(t, seller, {
      title: 'Slettehuset',
      address: 'Bortevei 1, 0001 Oslo',
      imageUrl,
    });
    await placeBidOk(t, anna, round.id, 4_000_000);
    await placeBidOk(t, bjorn, round.id, 4_100_000);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    const before = await rowsOf(round.id);
    expect([before.bids.length, before.journals.length, before.followers.length]).toEqual([2, 3, 2]);
    const key = propertyImageKey(imageUrl) ?? '';
    expect(await t.deps.storage.exists(key)).toBe(true);

    const res = await deleteRound(round.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Budrunde slettet' });

    // The journals stay, marked (decision 042); everything else of the round goes.
    const after = await rowsOf(round.id);
    expect({ ...after, journals: [] }).toEqual({ rounds: [], bids: [], journals: [], followers: [] });
    expect(after.journals.map((j) => j.roundDeletedAt === null)).toEqual([false, false, false]);
    expect(await t.deps.db.select().from(properties).where(eq(properties.title, 'Slettehuset'))).toEqual([]);
    for (const cookie of [seller, anna, bjorn]) {
      expect((await journalsOf(cookie)).find((j) => j.bidRound.id === round.id)?.roundDeletedAt).toBeTruthy();
    }
    const page = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: anna });
    expect(page.statusCode).toBe(404);

    await t.runJobs();
    // The photo goes with a job once the deletion has committed (no other round shows it).
    expect(await t.deps.storage.exists(key)).toBe(false);
    // Sent by jobs that run side by side with the journal mails, so not necessarily last in the outbox.
    for (const email of ['selger@example.no', 'anna@example.no', 'bjorn@example.no']) {
      const subjects = (await t.mails(email)).map((m) => m.subject);
      expect(subjects.filter((s) => s === 'Budrunden for Slettehuset er slettet')).toHaveLength(1);
    }
    const audit = await auditRowsFor(t, round.id);
    expect(audit).toMatchObject([{ action: 'delete-round', adminId: admin.id, targetType: 'round' }]);
    expect(audit[0]?.summary).toBe('Slettet budrunden «Slettehuset» med 2 bud; 3 budjournaler er beholdt');
    expect((await deleteRound(round.id)).statusCode).toBe(404);
  });

  it('an open round can be deleted too; bidding on it afterwards is a clear 404', async () => {
    const round = await createRoundAs(t, seller, { title: 'Åpent hus' });
    await placeBidOk(t, anna, round.id, 4_000_000);
    expect((await deleteRound(round.id)).statusCode).toBe(200);
    const bid = await t.request({
      method: 'POST',
      url: '/api/bids',
      cookie: bjorn,
      payload: {
        bidRoundId: round.id,
        amount: 5_000_000,
        conditions: '',
        bidDeadline: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      },
    });
    expect(bid.statusCode).toBe(404);
  });

  it('the owner cannot delete their own round through the admin call', async () => {
    const round = await createRoundAs(t, seller);
    expect((await deleteRound(round.id, seller)).statusCode).toBe(403);
    expect((await rowsOf(round.id)).rounds).toHaveLength(1);
    expect((await deleteRound(randomUUID())).statusCode).toBe(404);
  });
});

describe("an admin using the owner's controls on someone else's round", () => {
  it('can see every bid with bidder details, change the starting price and close it; each change is audited', async () => {
    const round = await createRoundAs(t, seller, { title: 'Adminhuset', startingPrice: 3_000_000 });
    await placeBidOk(t, anna, round.id, 3_500_000);

    const detailed = await t.request({
      method: 'GET',
      url: `/api/owner/bid-rounds/${round.id}/bids`,
      cookie: admin.cookie,
    });
    expect(detailed.json()[0].user).toMatchObject({ firstName: 'Anna', email: 'anna@example.no' });

    const price = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/starting-bid`,
      payload: { newStartingBid: 3_200_000 },
      cookie: admin.cookie,
    });
    expect(price.json()).toMatchObject({ newStartingBid: 3_200_000, seq: expect.any(Number) });
    const close = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/close`,
      cookie: admin.cookie,
    });
    expect(close.statusCode).toBe(200);

    const audit = await auditRowsFor(t, round.id);
    expect(audit.map((a) => a.action)).toEqual(['update-starting-price', 'close-round']);
    expect(audit[0]?.summary).toBe(
      'Endret startprisen i budrunden «Adminhuset» fra 3\u00a0000\u00a0000\u00a0kr til 3\u00a0200\u00a0000\u00a0kr',
    );
  });

  it("an owner's own changes to their round are not admin actions", async () => {
    const round = await createRoundAs(t, seller);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    expect(await auditRowsFor(t, round.id)).toEqual([]);
  });
});
