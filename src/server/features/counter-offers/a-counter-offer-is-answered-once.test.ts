import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aChainLink } from '../../../../tests/setup/chain-link';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidRounds, bids } from '../../db/schema';
import { closeExpiredRounds } from '../bid-rounds/round-lifecycle.service';

// Decision 035: a counter-offer is answered once. Its recipient declines it, or the owner
// withdraws it, or its deadline passes (judged on the database clock; the lapse job writes it and tells the
// owner), or the round ends. After any of these, every further answer is 409 and changes nothing.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

const subjects = async (email: string) => (await t.mails(email)).map((m) => m.subject);

/** Every answer to `id` is refused with 409 and `message`; the counter-offer, bids and round stay. */
async function everyAnswerRefused(
  roundId: string,
  id: string,
  people: { owner: string; recipient: string },
  message: string,
) {
  const [rowBefore, bidsBefore, [roundBefore]] = await Promise.all([
    h.rowOf(id),
    t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId)),
    t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId)),
  ]);
  for (const res of [
    await h.answer(id, 'accept', people.recipient),
    await h.answer(id, 'decline', people.recipient),
    await h.withdraw(id, people.owner),
  ]) {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
  }
  expect(await h.rowOf(id)).toEqual(rowBefore);
  expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId))).toEqual(bidsBefore);
  expect((await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId)))[0]).toEqual(roundBefore);
}

describe('declined, withdrawn', () => {
  it('the recipient declines: declined, the owner is told, and it cannot be answered again', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const res = await h.answer(offer.id, 'decline', a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Motbudet er avslått', ...aChainLink() });
    expect(await h.rowOf(offer.id)).toMatchObject({ status: 'declined', answeredAt: expect.any(Date) });
    const [seen] = await h.listOk(roundId, owner.cookie);
    expect(seen).toMatchObject({ status: 'declined', answeredAt: expect.any(String) });
    await t.runJobs();
    expect(await subjects(owner.email)).toContain('Motbudet ditt er avslått: Avslagshuset');
    await everyAnswerRefused(
      roundId,
      offer.id,
      { owner: owner.cookie, recipient: a.cookie },
      'Motbudet er allerede avslått',
    );
    // The round goes on: the bid still binds, and a new counter-offer may be made.
    expect((await h.round(roundId, owner.cookie)).isClosed).toBe(false);
    await h.createOk(roundId, owner.cookie, bidA.id, 4_400_000);
  });

  it('the owner withdraws: withdrawn, the recipient is told, and it cannot be answered again', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const res = await h.withdraw(offer.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Motbudet er trukket', ...aChainLink() });
    expect(await h.rowOf(offer.id)).toMatchObject({ status: 'withdrawn', answeredAt: expect.any(Date) });
    expect((await h.listOk(roundId, a.cookie))[0]?.status).toBe('withdrawn');
    await t.runJobs();
    expect(await subjects(a.email)).toContain('Selgeren har trukket motbudet på Avslagshuset');
    await everyAnswerRefused(
      roundId,
      offer.id,
      { owner: owner.cookie, recipient: a.cookie },
      'Motbudet er trukket av selgeren',
    );
  });

  it('an accepted one: the round has ended, so every answer is 409', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    expect((await h.answer(offer.id, 'accept', a.cookie)).statusCode).toBe(200);
    await everyAnswerRefused(
      roundId,
      offer.id,
      { owner: owner.cookie, recipient: a.cookie },
      'Budrunden er allerede lukket',
    );
    expect((await h.rowOf(offer.id))?.status).toBe('accepted');
  });
});

describe('lapsed', () => {
  it('past its deadline it reads lapsed on the database clock, before any job runs, and cannot be accepted', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    await h.passDeadline(offer.id);
    const row = await h.rowOf(offer.id);
    expect(row?.status).toBe('open');
    for (const cookie of [owner.cookie, a.cookie, b.cookie]) {
      const [seen] = await h.listOk(roundId, cookie);
      expect(seen).toMatchObject({ status: 'lapsed', answeredAt: row?.deadline.toISOString() });
    }
    await everyAnswerRefused(
      roundId,
      offer.id,
      { owner: owner.cookie, recipient: a.cookie },
      'Fristen for motbudet har gått ut',
    );
    // A new one to the same bidder stores the old one as lapsed, not withdrawn.
    const next = await h.createOk(roundId, owner.cookie, bidA.id, 4_400_000);
    expect((await h.rowOf(offer.id))?.status).toBe('lapsed');
    expect((await h.rowOf(next.id))?.status).toBe('open');
  });

  it('the lapse job marks it lapsed and tells the owner by mail and SMS, once', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    await t.runJobs();
    // Run early (its deadline is still ahead): nothing happens.
    await h.runLapseJob(offer.id);
    expect((await h.rowOf(offer.id))?.status).toBe('open');
    expect((await h.listOk(roundId, a.cookie))[0]?.status).toBe('open');

    const smsBefore = t.sms.to(owner.phone).length;
    await h.passDeadline(offer.id);
    await h.runLapseJob(offer.id);
    await h.runLapseJob(offer.id);
    const row = await h.rowOf(offer.id);
    expect(row).toMatchObject({ status: 'lapsed', answeredAt: row?.deadline });
    const lapsed = (await t.mails(owner.email)).filter((m) =>
      m.subject.startsWith('Motbudet ditt har utløpt'),
    );
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]?.subject).toBe('Motbudet ditt har utløpt: Avslagshuset');
    expect(lapsed[0]?.text).toContain(
      'Fristen for motbudet ditt på 4 500 000 kr til Arne Test gikk ut uten svar. Motbudet binder deg ikke lenger.',
    );
    expect(t.sms.to(owner.phone).slice(smsBefore)).toEqual([
      expect.stringContaining('Fristen for motbudet ditt på 4 500 000 kr til Arne Test gikk ut uten svar.'),
    ]);
    expect((await h.round(roundId, owner.cookie)).isClosed).toBe(false);
  });

  it('the lapse job of one answered before its deadline does nothing', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    expect((await h.answer(offer.id, 'decline', a.cookie)).statusCode).toBe(200);
    await h.passDeadline(offer.id);
    await h.runLapseJob(offer.id);
    expect((await h.rowOf(offer.id))?.status).toBe('declined');
    expect((await subjects(owner.email)).filter((s) => s.startsWith('Motbudet ditt har utløpt'))).toEqual([]);
  });
});

describe('the round ends', () => {
  it('closing the round withdraws an open counter-offer, which then cannot be accepted', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    expect((await h.closeRound(roundId, owner.cookie)).statusCode).toBe(200);
    expect(await h.rowOf(offer.id)).toMatchObject({ status: 'withdrawn', answeredAt: expect.any(Date) });
    await everyAnswerRefused(
      roundId,
      offer.id,
      { owner: owner.cookie, recipient: a.cookie },
      'Budrunden er allerede lukket',
    );
  });

  it('the round’s deadline passes with it: it reads lapsed, and the sweep closes the round and stores it so', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    await h.passDeadline(offer.id);
    await t.deps.db
      .update(bidRounds)
      .set({ deadline: sql`clock_timestamp()` })
      .where(eq(bidRounds.id, roundId));
    const late = await h.answer(offer.id, 'accept', a.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Fristen for motbudet har gått ut');
    expect(await closeExpiredRounds(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await h.round(roundId, owner.cookie)).toMatchObject({ isClosed: true, closeReason: 'deadline' });
    expect(await h.rowOf(offer.id)).toMatchObject({ status: 'lapsed', answeredAt: expect.any(Date) });
    expect((await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId))).length).toBe(2);
  });

  it('choosing another bid as winner withdraws it; one already past its deadline is stored as lapsed', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await h.setting();
    const third = await h.person('Cecilie');
    const bidC = await placeBidOk(t, third.cookie, roundId, 5_300_000);
    const toA = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const toC = await h.createOk(roundId, owner.cookie, bidC.id, 5_600_000);
    await h.passDeadline(toC.id);
    expect((await h.selectWinner(roundId, bidB.id, owner.cookie)).statusCode).toBe(200);
    expect((await h.rowOf(toA.id))?.status).toBe('withdrawn');
    expect((await h.rowOf(toC.id))?.status).toBe('lapsed');
    const accepted = await h.answer(toA.id, 'accept', a.cookie);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('Budrunden er allerede lukket');
    expect((await h.round(roundId, b.cookie)).winningBidId).toBe(bidB.id);
  });
});
