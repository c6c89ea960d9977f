import { createHash } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { pdfText } from '../../../../tests/setup/pdf-text';
import { placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatLongDate } from '../../../shared/format/date';
import { GENESIS_HASH } from '../../../shared/record/round-act';
import type { JournalView } from '../../../shared/schemas/journal';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { bidJournals, bidRoundFollowers, jobs } from '../../db/schema';

// Decision 042: an administrator's deletion hides the round everywhere (404), but every
// participant keeps their journal, marked 'Budrunden er slettet av en administrator' with the time.

let t: TestApp;
let h: ReturnType<typeof counterOfferHelpers>;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const deleteRound = (id: string) =>
  t.request({ method: 'DELETE', url: `/api/admin/bid-rounds/${id}`, cookie: admin.cookie });
const journalOf = async (cookie: string, roundId: string) => {
  const res = await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie });
  return (res.json() as JournalView[]).find((j) => j.bidRound.id === roundId);
};
const csvRows = async (roundId: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/csv`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
};
const pdfOf = async (roundId: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal.pdf`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};
/** Jobs not yet run that name the round, one of its bids or counter-offers. */
const pendingJobsAbout = async (ids: string[]) =>
  (await t.deps.db.select().from(jobs).where(isNull(jobs.completedAt))).filter((job) =>
    ids.some((id) => JSON.stringify(job.payload).includes(`"${id}"`)),
  );

describe('an admin deletes an open round with bids', () => {
  let people: Awaited<ReturnType<typeof h.setting>>;
  let fan: Awaited<ReturnType<typeof h.person>>;
  let counterOfferId: string;

  beforeAll(async () => {
    people = await h.setting();
    fan = await h.person('Frida');
    const follow = { method: 'POST', url: `/api/bid-rounds/${people.roundId}/follow` } as const;
    expect((await t.request({ ...follow, cookie: fan.cookie })).statusCode).toBe(200);
    await h.setSms(people.roundId, people.owner.cookie, true);
    counterOfferId = (await h.createOk(people.roundId, people.owner.cookie, people.bidA.id, 4_600_000)).id;
    // A bid whose fan-out has not run: its receipt, notices and lapse timer are still to come.
    await placeBidOk(t, people.a.cookie, people.roundId, 5_300_000);
  });

  it('answers 200, and the round is gone from every page, list and call (404)', async () => {
    const ids = [people.roundId, people.bidA.id, people.bidB.id, counterOfferId];
    expect((await pendingJobsAbout(ids)).length).toBeGreaterThan(0);
    const res = await deleteRound(people.roundId);
    expect(res.statusCode, res.body).toBe(200);

    const id = people.roundId;
    const cookie = people.owner.cookie;
    for (const call of [
      { method: 'GET', url: `/api/bid-rounds/${id}` },
      { method: 'GET', url: `/api/bid-rounds/${id}/bids` },
      { method: 'GET', url: `/api/owner/bid-rounds/${id}/bids` },
      { method: 'GET', url: `/api/bid-rounds/${id}/counter-offers` },
      { method: 'PUT', url: `/api/bid-rounds/${id}/close` },
      { method: 'PUT', url: `/api/bid-rounds/${id}/select-winner/${people.bidB.id}` },
    ] as const)
      expect((await t.request({ ...call, cookie })).statusCode, call.url).toBe(404);
    const follow = await t.request({
      method: 'POST',
      url: `/api/bid-rounds/${id}/follow`,
      cookie: fan.cookie,
    });
    expect(follow.statusCode).toBe(404);
    expect((await placeBid(t, people.b.cookie, id, 6_000_000)).statusCode).toBe(404);
    expect((await h.answer(counterOfferId, 'accept', people.a.cookie)).statusCode).toBe(404);
    const all = await t.request({ method: 'GET', url: '/api/bid-rounds/all', cookie: admin.cookie });
    expect((all.json() as { id: string }[]).some((r) => r.id === id)).toBe(false);
    const acts = await t.request({
      method: 'GET',
      url: `/api/admin/bid-rounds/${id}/acts`,
      cookie: admin.cookie,
    });
    expect(acts.statusCode).toBe(404);
    expect((await deleteRound(id)).statusCode).toBe(404);
  });

  it('the owner and every bidder keep a journal, closed by the deletion and marked with its time', async () => {
    const stored = await t.deps.db
      .select()
      .from(bidJournals)
      .where(eq(bidJournals.bidRoundId, people.roundId));
    expect(stored).toHaveLength(3);
    const deletedAt = stored[0]?.roundDeletedAt;
    expect(deletedAt).toBeInstanceOf(Date);
    for (const person of [people.owner, people.a, people.b]) {
      const journal = await journalOf(person.cookie, people.roundId);
      expect(journal?.roundDeletedAt).toBe(deletedAt?.toISOString());
      expect(journal?.bidRound.closeReason).toBe('deleted');
      expect(journal?.acts.at(-1)).toMatchObject({
        kind: 'Budrunden lukket',
        message: 'Budrunden ble slettet av en administrator',
      });
    }
    // Arne's second bid, placed just before, is in the record too.
    expect((await journalOf(people.owner.cookie, people.roundId))?.journalData.map((e) => e.amount)).toEqual([
      5_300_000, 5_250_000, 4_100_000,
    ]);
    expect(await journalOf(fan.cookie, people.roundId)).toBeUndefined();
  });

  it('the PDF and the CSV still download, and say the round was deleted and when', async () => {
    const [row] = await t.deps.db
      .select()
      .from(bidJournals)
      .where(eq(bidJournals.bidRoundId, people.roundId));
    const mark = `Budrunden er slettet av en administrator ${formatLongDate(row?.roundDeletedAt ?? '')}`;
    for (const person of [people.owner, people.a, people.b])
      expect(await pdfOf(people.roundId, person.cookie)).toContain(mark);
    const rows = await csvRows(people.roundId, people.owner.cookie);
    expect(rows.at(-1)).toContain('Budrunden lukket');
    expect(rows.at(-1)).toContain('Budrunden ble slettet av en administrator');
    const bidders = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${people.roundId}/journal/csv`,
      cookie: people.a.cookie,
    });
    expect(bidders.statusCode).toBe(403);
  });

  it('its chain outlives it, whole, and the deletion is its last act', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${people.roundId}/journal/export`,
      cookie: people.b.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const chain = res.json() as ChainExport;
    expect(chain.acts.slice(-3).map((link) => link.act)).toMatchObject([
      { kind: 'closed', reason: 'deleted', winningBidId: null },
      { kind: 'journals' },
      { kind: 'deleted' },
    ]);
    expect(chain.head).toMatchObject({ seq: chain.acts.length, hash: chain.acts.at(-1)?.hash });
    let prev = GENESIS_HASH;
    for (const [i, link] of chain.acts.entries()) {
      expect([link.seq, link.prevHash]).toEqual([i + 1, prev]);
      const text = canonicalJson(link.act as CanonicalValue);
      expect(link.hash).toBe(
        createHash('sha256')
          .update(prev + text, 'utf8')
          .digest('hex'),
      );
      prev = link.hash;
    }
    // The owner of the deleted round still reads it as its owner: every secret, as before the deletion.
    const owners = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${people.roundId}/journal/export`,
      cookie: people.owner.cookie,
    });
    expect(owners.json().reader.role).toBe('owner');
    const aboutBidders = owners.json().acts.filter((link: { act: { bidder?: string } }) => link.act.bidder);
    expect(aboutBidders.length).toBeGreaterThan(0);
    for (const link of aboutBidders) expect(link.secret?.salt).toEqual(expect.any(String));
  });

  it('its followers and every queued message and timer are gone; only the deletion is told', async () => {
    const followers = await t.deps.db
      .select()
      .from(bidRoundFollowers)
      .where(eq(bidRoundFollowers.bidRoundId, people.roundId));
    expect(followers).toEqual([]);
    const ids = [people.roundId, people.bidA.id, people.bidB.id, counterOfferId];
    expect(await pendingJobsAbout(ids)).toEqual([]);
    const mailsBefore = (await t.mails()).length;
    const smsBefore = t.sms.sent.length;
    await t.runJobs();
    const mails = (await t.mails()).slice(mailsBefore);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      Array(3).fill('Budrunden for Avslagshuset er slettet'),
    );
    expect(mails.map((m) => m.to).sort()).toEqual(
      [people.a.email, people.b.email, people.owner.email].sort(),
    );
    expect(mails[0]?.text).toContain('Budjournalen din er tatt vare på');
    expect(t.sms.sent.slice(smsBefore)).toEqual([]);
    const pending = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(isNull(jobs.completedAt));
    expect(Number(pending[0]?.n)).toBe(0);
  });
});

describe('an admin deletes a round that had already ended', () => {
  it('keeps its journals as they were, each ending with the deletion', async () => {
    const people = await h.setting();
    const won = await h.selectWinner(people.roundId, people.bidB.id, people.owner.cookie);
    expect(won.statusCode).toBe(200);
    await t.runJobs();
    const readers = [people.owner, people.a, people.b];
    const before = await Promise.all(readers.map((p) => journalOf(p.cookie, people.roundId)));
    expect(before.map((j) => j?.roundDeletedAt)).toEqual([null, null, null]);

    expect((await deleteRound(people.roundId)).statusCode).toBe(200);
    for (const [i, person] of readers.entries()) {
      const journal = await journalOf(person.cookie, people.roundId);
      expect(journal?.bidRound.closeReason).toBe('winner');
      expect(journal?.roundDeletedAt).not.toBeNull();
      // What the journal held stays as it was; the deletion is added as its last act.
      expect(journal?.journalData).toEqual(before[i]?.journalData);
      expect(journal?.acts.slice(0, -1)).toEqual(before[i]?.acts);
      expect(journal?.acts.at(-1)).toMatchObject({
        kind: 'Budrunden slettet',
        at: journal?.roundDeletedAt,
        message: 'Budrunden er slettet av en administrator',
      });
    }
    const chain = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${people.roundId}/journal/export`,
      cookie: admin.cookie,
    });
    expect((chain.json() as ChainExport).acts.slice(-4).map((link) => link.act.kind)).toEqual([
      'winner',
      'closed',
      'journals',
      'deleted',
    ]);
    const rows = await csvRows(people.roundId, people.owner.cookie);
    expect(rows.at(-1)).toContain('Budrunden slettet');
    expect(rows.at(-2)).toContain('Budrunden lukket');
    expect(await pdfOf(people.roundId, people.b.cookie)).toContain(
      'Budrunden er slettet av en administrator',
    );
  });
});

describe('account deletion after a round deletion', () => {
  it('still replaces the leaver in the kept journals with «Slettet bruker», and the export carries the mark', async () => {
    const people = await h.setting();
    expect((await deleteRound(people.roundId)).statusCode).toBe(200);
    const leave = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: people.a.cookie });
    expect(leave.statusCode, leave.body).toBe(200);

    const owners = await journalOf(people.owner.cookie, people.roundId);
    const arnes = owners?.journalData.find((e) => e.amount === 4_100_000);
    expect(arnes?.bidderName).toBe('Slettet bruker');
    expect(JSON.stringify(owners)).not.toContain(people.a.email);
    expect(owners?.roundDeletedAt).not.toBeNull();

    const exported = await t.request({ method: 'GET', url: '/api/users/me/export', cookie: people.b.cookie });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body) as { journals: JournalView[] };
    const kept = data.journals.find((j) => j.bidRound.id === people.roundId);
    expect(kept?.roundDeletedAt).toBe(owners?.roundDeletedAt);
  });
});
