import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../tests/setup/admin';
import { exportOf } from '../../../../tests/setup/chain-round';
import { coBidderHelpers, type Person } from '../../../../tests/setup/co-bidders';
import { placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import type { BidderStates } from '../../../shared/schemas/responses/fair-notice';

// Decision 066: the owner sees, for each live bidder, whether they were told of the highest bid, saw it and
// answered; a bidder who does not lead answers 'Jeg byr ikke mer' or 'Jeg vurderer å by'; the choice of a
// winner records whether bidders had not seen the latest bid. Delivery reports: sms-delivery-reports-are-kept.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

const states = async (roundId: string, cookie: string) => {
  const res = await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bidders`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BidderStates;
};
const answer = (roundId: string, who: Person, body: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/my-answer`,
    cookie: who.cookie,
    payload: body as object,
  });
const open = (roundId: string, who: Person) =>
  t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie: who.cookie });

describe('GET /api/owner/bid-rounds/{id}/bidders and PUT /api/bid-rounds/{id}/my-answer', () => {
  it('tells the owner who was notified, who saw and who answered, and a new bid clears the answers', async () => {
    const s = await h.setting();
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    await t.runJobs();

    let now = await states(s.roundId, s.owner.cookie);
    expect(now.bidders).toHaveLength(2);
    const [ingrid, ola] = now.bidders;
    expect(ingrid).toMatchObject({
      label: 'Budgiver A',
      name: 'Ingrid Hansen',
      isLeading: false,
      notifiedBy: 'SMS og e-post',
      notifiedChannels: ['sms', 'email'],
      seenAt: null,
      answer: null,
      answeredAt: null,
    });
    expect(ingrid?.notifiedAt).not.toBeNull();
    expect(ola).toMatchObject({
      label: 'Budgiver B',
      name: 'Ola Nordmann',
      isLeading: true,
      notifiedAt: null,
    });
    expect(now.highestBidAt).not.toBeNull();
    expect(new Date(now.guardUntil ?? 0).getTime() - new Date(now.highestBidAt ?? 0).getTime()).toBe(
      15 * 60_000,
    );

    expect((await open(s.roundId, s.ingrid)).statusCode).toBe(200);
    now = await states(s.roundId, s.owner.cookie);
    expect(now.bidders[0]?.seenAt).not.toBeNull();

    const done = await answer(s.roundId, s.ingrid, { answer: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      answer: 'done',
      message: 'Svaret ditt er registrert: Du byr ikke mer.',
    });
    now = await states(s.roundId, s.owner.cookie);
    expect(now.bidders[0]).toMatchObject({ answer: 'done', answeredAt: done.json().answeredAt });

    // The chain records 'done' without naming even the pseudonym.
    const exported = await exportOf(t, s.roundId, s.ola.cookie);
    const act = exported.acts.find((a) => a.act.kind === 'bidder-done');
    expect(act?.act).not.toHaveProperty('party');
    expect((await verifyChainExport(exported)).ok).toBe(true);

    // A new higher bid by someone else asks the question again.
    await placeBidOk(t, s.kari.cookie, s.roundId, 4_300_000);
    now = await states(s.roundId, s.owner.cookie);
    expect(now.bidders.map((b) => [b.label, b.answer, b.seenAt])).toEqual([
      ['Budgiver A', null, null],
      ['Budgiver B', null, null],
      ['Budgiver C', null, null],
    ]);
    // 'done' does not stop a bidder from bidding again.
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_400_000);
    expect((await states(s.roundId, s.owner.cookie)).bidders[0]?.isLeading).toBe(true);

    // The journals record the answer: the owner's names Ingrid, hers says 'Du', Ola's has none.
    const closed = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${s.roundId}/close`,
      cookie: s.owner.cookie,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const answersIn = async (who: Person) => {
      const res = await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie: who.cookie });
      const journal = (
        res.json() as { bidRound: { id: string }; acts: { kind: string; party: string | null }[] }[]
      ).find((j) => j.bidRound.id === s.roundId);
      return journal?.acts.filter((a) => a.kind === 'Byr ikke mer').map((a) => a.party);
    };
    expect(await answersIn(s.owner)).toEqual(['Ingrid Hansen']);
    expect(await answersIn(s.ingrid)).toEqual(['Du']);
    expect(await answersIn(s.ola)).toEqual([]);

    // Ingrid's own data export holds her notices, visits and answers.
    const ownData = await t.request({ method: 'GET', url: '/api/users/me/export', cookie: s.ingrid.cookie });
    const mine = ownData.json().roundNotices;
    expect(mine.answers).toContainEqual({
      bidRoundId: s.roundId,
      answer: 'done',
      answeredAt: done.json().answeredAt,
    });
    expect(mine.visits.map((v: { bidRoundId: string }) => v.bidRoundId)).toContain(s.roundId);
    expect(mine.notices.map((n: { channel: string }) => n.channel).sort()).toEqual(['email', 'sms']);
  });

  it('refuses the leader, anyone without a live bid, a bad answer, other readers and unknown rounds', async () => {
    const s = await h.setting();
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const leader = await answer(s.roundId, s.ola, { answer: 'done' });
    expect([leader.statusCode, leader.json().message]).toEqual([
      409,
      'Du har det høyeste budet. Det er de andre budgiverne som svarer på om de byr mer.',
    ]);
    const stranger = await answer(s.roundId, s.kari, { answer: 'done' });
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      403,
      'Bare budgivere med et gjeldende bud i budrunden kan svare',
    ]);
    expect((await answer(s.roundId, s.owner, { answer: 'done' })).statusCode).toBe(403);
    const bad = await answer(s.roundId, s.ingrid, { answer: 'kanskje' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Svar 'done'");
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/bid-rounds/00000000-0000-4000-8000-000000000000/my-answer',
      cookie: s.ingrid.cookie,
      payload: { answer: 'done' },
    });
    expect(unknown.statusCode).toBe(404);
    for (const who of [s.ingrid, s.kari]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/owner/bid-rounds/${s.roundId}/bidders`,
        cookie: who.cookie,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await states(s.roundId, s.owner.cookie)).bidders[0]?.answer).toBeNull();
  });
});

describe('a deleted account', () => {
  it('leaves no notices, visits or answers behind', async () => {
    const s = await h.setting();
    const ingridBid = await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    await t.runJobs();
    await open(s.roundId, s.ingrid);
    expect((await answer(s.roundId, s.ingrid, { answer: 'done' })).statusCode).toBe(200);
    const ingridId = await userIdOf(t, s.ingrid.email);
    const rowsOf = async () => {
      const count = async (table: string) =>
        Number(
          (
            (await t.deps.db.execute(
              sql`select count(*) as n from ${sql.raw(table)} where user_id = ${ingridId}`,
            )) as unknown as {
              rows: { n: string }[];
            }
          ).rows[0]?.n,
        );
      return [await count('bidder_notices'), await count('round_visits'), await count('bidder_answers')];
    };
    expect((await rowsOf()).every((n) => n > 0)).toBe(true);
    // Her bid rejected, nothing binds her any more, and she may leave.
    const rejected = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${s.roundId}/bids/${ingridBid.id}/reject`,
      cookie: s.owner.cookie,
      payload: {},
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const gone = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: s.ingrid.cookie });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rowsOf()).toEqual([0, 0, 0]);
  });
});

describe('the guard before Velg som vinner', () => {
  const choose = (roundId: string, bidId: string, cookie: string, payload?: object) =>
    t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/select-winner/${bidId}`,
      cookie,
      ...(payload ? { payload } : {}),
    });
  const winnerAct = async (roundId: string, cookie: string) =>
    (await exportOf(t, roundId, cookie)).acts.find((a) => a.act.kind === 'winner')?.act as unknown as {
      fairNotice: { shown: boolean; overridden: boolean; unseen: string[] };
    };

  it('records in the chain that a bidder had not seen the latest bid, and whether the owner overrode it', async () => {
    const s = await h.setting();
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    const ola = await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const res = await choose(s.roundId, ola.id, s.owner.cookie, { overrideFairNotice: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await winnerAct(s.roundId, s.owner.cookie)).fairNotice).toEqual({
      shown: true,
      overridden: true,
      unseen: ['Budgiver A'],
    });

    const quiet = await h.setting();
    await placeBidOk(t, quiet.ingrid.cookie, quiet.roundId, 4_100_000);
    const top = await placeBidOk(t, quiet.ola.cookie, quiet.roundId, 4_200_000);
    expect((await answer(quiet.roundId, quiet.ingrid, { answer: 'done' })).statusCode).toBe(200);
    expect((await choose(quiet.roundId, top.id, quiet.owner.cookie)).statusCode).toBe(200);
    expect((await winnerAct(quiet.roundId, quiet.owner.cookie)).fairNotice).toEqual({
      shown: false,
      overridden: false,
      unseen: [],
    });
  });

  it('is not shown once the latest bid is older than FAIR_NOTICE_MINUTES', async () => {
    const s = await h.setting();
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    const ola = await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    await t.deps.db.execute(
      sql`update bids set created_at = created_at - interval '16 minutes' where bid_round_id = ${s.roundId}`,
    );
    expect((await choose(s.roundId, ola.id, s.owner.cookie)).statusCode).toBe(200);
    expect((await winnerAct(s.roundId, s.owner.cookie)).fairNotice.shown).toBe(false);
  });
});
