import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { silentLogger } from '../../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidNoticeWindows } from '../../db/notice-schema';
import { jobs } from '../../db/schema';
import { createJobHandlers } from '../../jobs/handlers';
import { JobWorker } from '../../jobs/worker';

// Decision 028: a follower (and the owner) gets at most one 'new bid' e-mail and one SMS per round in
// NOTIFY_WINDOW_S; the first at once, the rest folded into one message at the window's end. The bidder's
// receipt stays per bid and immediate.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
interface Person {
  email: string;
  phone: string;
  cookie: string;
  /** Bids told after the first message (the concurrent test). */
  later?: number;
}
async function person(name: string, phone: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}-${++n}@example.no`;
  return { email, phone, cookie: await signInVerified(t, email, { firstName: name, phone }) };
}

const newBidMails = async (email: string) =>
  (await t.mails(email)).filter((m) => /^(Nytt|Nye) bud på/.test(m.subject));

/** The window's end, as the clock would bring it: the digests queued for it are due now. */
async function endWindows(roundId: string) {
  await t.deps.db
    .update(bidNoticeWindows)
    .set({ endsAt: sql`clock_timestamp() - interval '1 second'` })
    .where(sql`${bidNoticeWindows.bidRoundId} = ${roundId}`);
  await t.deps.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(sql`${jobs.type} = 'bid:notice-digest' and ${jobs.payload}->>'roundId' = ${roundId}
      and ${jobs.completedAt} is null`);
  await t.runJobs();
  await t.runJobs();
}

describe('new-bid messages fold per window', () => {
  it('the first bid is told at once; later ones in the window come as one message naming the highest and the count', async () => {
    const owner = await person('Selma', '+47 90000001');
    const follower = await person('Frida', '+47 90000002');
    const a = await person('Arne', '+47 90000003');
    const b = await person('Berit', '+47 90000004');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Vindushuset',
      address: 'Vindveien 1, Oslo',
    });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: follower.cookie });

    await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await t.runJobs();
    await t.runJobs();
    for (const who of [owner, follower]) {
      const mails = await newBidMails(who.email);
      expect(mails.map((m) => m.subject)).toEqual(['Nytt bud på Vindushuset: 4 000 000 kr']);
      expect(t.sms.to(who.phone)).toHaveLength(1);
    }

    // Three more within the window: nothing more to the owner or the follower yet, a receipt for every bid.
    // (Each fanned out before the next, as bids seconds apart are; the next test takes them all at once.)
    for (const [bidder, amount] of [
      [b, 4_100_000],
      [a, 4_200_000],
      [b, 4_300_000],
    ] as const) {
      await placeBidOk(t, bidder.cookie, round.id, amount);
      await t.runJobs();
    }
    await t.runJobs();
    for (const who of [owner, follower]) {
      expect(await newBidMails(who.email)).toHaveLength(1);
      expect(t.sms.to(who.phone)).toHaveLength(1);
    }
    const receipts = async (email: string) =>
      (await t.mails(email)).filter((m) => m.subject.startsWith('Kvittering for bud'));
    expect(await receipts(a.email)).toHaveLength(2);
    expect(await receipts(b.email)).toHaveLength(2);

    // One digest per person, due at the window's end (60 s by default).
    const digests = await t.deps.db
      .select({ runAt: jobs.runAt, createdAt: jobs.createdAt })
      .from(jobs)
      .where(sql`${jobs.type} = 'bid:notice-digest' and ${jobs.payload}->>'roundId' = ${round.id}`);
    // Owner and follower, and Arne, who follows since his first bid: Berit's 4 100 000 was told to him at
    // once, her 4 300 000 folded. (Berit was told of Arne's 4 200 000 at once, and has bid since.)
    expect(digests).toHaveLength(3);
    for (const d of digests) {
      const wait = d.runAt.getTime() - d.createdAt.getTime();
      expect(wait).toBeGreaterThan(50_000);
      expect(wait).toBeLessThanOrEqual(61_000);
    }

    await endWindows(round.id);
    for (const who of [owner, follower]) {
      const [, folded, ...more] = await newBidMails(who.email);
      expect(more).toHaveLength(0);
      expect(folded?.subject).toBe('Nye bud på Vindushuset: 4 300 000 kr');
      expect(folded?.text).toContain(
        'Det er kommet 3 nye bud på Vindushuset, Vindveien 1, Oslo siden forrige varsel.',
      );
      expect(folded?.text).toContain('Høyeste bud er nå 4 300 000 kr.');
      expect(`${folded?.text}${folded?.html}`).not.toMatch(/Arne|Berit/);
      const sms = t.sms.to(who.phone);
      expect(sms).toHaveLength(2);
      expect(sms[1]).toContain('3 nye bud på Vindveien 1, Oslo. Høyeste bud er nå 4 300 000 kr.');
    }
    // Arne's own bids are never counted for him: only Berit's second one was folded.
    const arne = await newBidMails(a.email);
    expect(arne.map((m) => m.subject)).toEqual([
      'Nytt bud på Vindushuset: 4 100 000 kr',
      'Nytt bud på Vindushuset: 4 300 000 kr',
    ]);
    expect(arne[1]?.text).toContain('Det er kommet 1 nytt bud');

    // A digest that runs again sends nothing more.
    await t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()`, completedAt: null })
      .where(sql`${jobs.type} = 'bid:notice-digest' and ${jobs.payload}->>'roundId' = ${round.id}`);
    await t.runJobs();
    expect(await newBidMails(owner.email)).toHaveLength(2);
  });

  it('the digest started a new window: a bid in it waits for its end; after a quiet window the next is told at once', async () => {
    const owner = await person('Sivert', '+47 90000011');
    const a = await person('Anna', '+47 90000012');
    const b = await person('Bjørn', '+47 90000013');
    const round = await createRoundAs(t, owner.cookie, { title: 'Rolighuset' });
    await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await t.runJobs();
    await placeBidOk(t, b.cookie, round.id, 4_100_000);
    await t.runJobs();
    await endWindows(round.id);
    expect((await newBidMails(owner.email)).map((m) => m.subject)).toEqual([
      'Nytt bud på Rolighuset: 4 000 000 kr',
      'Nytt bud på Rolighuset: 4 100 000 kr',
    ]);
    // Right after the digest: folded into the next one.
    await placeBidOk(t, a.cookie, round.id, 4_200_000);
    await t.runJobs();
    expect(await newBidMails(owner.email)).toHaveLength(2);
    await endWindows(round.id);
    expect((await newBidMails(owner.email)).at(-1)?.text).toContain('Det er kommet 1 nytt bud');
    // A window with no bids ends quietly; the next bid is told at once.
    await endWindows(round.id);
    expect(await newBidMails(owner.email)).toHaveLength(3);
    await placeBidOk(t, b.cookie, round.id, 4_300_000);
    await t.runJobs();
    await t.runJobs();
    expect((await newBidMails(owner.email)).at(-1)?.subject).toBe('Nytt bud på Rolighuset: 4 300 000 kr');
  });

  it('two workers fanning out one round’s bids at once count every bid once, and tell each person once', async () => {
    const owner = await person('Sunniva', '+47 90000021');
    const follower = await person('Fredrik', '+47 90000022');
    const bidders = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((x) => person(`byder${x}`, '+47 90000023')),
    );
    const round = await createRoundAs(t, owner.cookie, { title: 'Samtidighuset' });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: follower.cookie });
    await t.runJobs();
    // Five bids whose fan-out has not run yet, then two workers (as two processes would) take them at once.
    for (const [i, bidder] of bidders.entries())
      await placeBidOk(t, bidder.cookie, round.id, 4_000_000 + i * 100_000);
    const workers = [1, 2].map(
      () => new JobWorker(t.database.db, createJobHandlers(t.deps), silentLogger, [], { backoffMs: () => 0 }),
    );
    await Promise.all(workers.map((w) => w.runDueJobs()));
    await Promise.all(workers.map((w) => w.runDueJobs()));
    // The first fan-out to reach a person tells them at once; the bids after it are for the digest (a bid
    // before it, fanned out later, was covered by that message: it named a newer, higher bid).
    for (const who of [owner, follower]) {
      const [first, ...more] = await newBidMails(who.email);
      expect(more).toHaveLength(0);
      const told = Number(first?.subject.match(/: ([\d ]+) kr$/)?.[1]?.replace(/ /g, ''));
      expect(told).toBeGreaterThanOrEqual(4_000_000);
      who.later = (4_400_000 - told) / 100_000;
    }
    await endWindows(round.id);
    for (const who of [owner, follower]) {
      const [, folded, ...more] = await newBidMails(who.email);
      expect(more).toHaveLength(0);
      if (who.later === 0) expect(folded).toBeUndefined();
      else {
        expect(folded?.text).toContain(
          `Det er kommet ${who.later === 1 ? '1 nytt bud' : `${who.later} nye bud`}`,
        );
        expect(folded?.text).toContain('Høyeste bud er nå 4 400 000 kr.');
      }
    }
  });

  it('the digest tells bids whose fan-out has not run yet, and their fan-out later tells nobody again', async () => {
    const owner = await person('Solveig', '+47 90000031');
    const a = await person('Aksel', '+47 90000032');
    const b = await person('Bodil', '+47 90000033');
    const round = await createRoundAs(t, owner.cookie, { title: 'Etterslephuset' });
    await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await t.runJobs();
    await placeBidOk(t, b.cookie, round.id, 4_100_000);
    await t.runJobs();
    // Three more whose fan-out lags behind (a storm): the digest runs first, at the window's end.
    for (const amount of [4_200_000, 4_300_000, 4_400_000]) await placeBidOk(t, a.cookie, round.id, amount);
    const [digest] = await t.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'bid:notice-digest' and ${jobs.payload}->>'userId' = (
        select id::text from users where email = ${owner.email})`);
    const handlers = createJobHandlers(t.deps);
    const context = {
      id: 0,
      type: '',
      attempt: 1,
      createdAt: new Date(),
      signal: new AbortController().signal,
    };
    await handlers['bid:notice-digest']?.(digest?.payload, context);
    await t.runJobs();
    await t.runJobs();
    const mails = await newBidMails(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Nytt bud på Etterslephuset: 4 000 000 kr',
      'Nye bud på Etterslephuset: 4 400 000 kr',
    ]);
    expect(mails[1]?.text).toContain('Det er kommet 4 nye bud');
    // Nothing was left for another window.
    await endWindows(round.id);
    expect(await newBidMails(owner.email)).toHaveLength(2);
  });

  it('NOTIFY_WINDOW_S=0 folds nothing, also when the fan-outs run out of order', async () => {
    const own = await createTestApp({ env: { NOTIFY_WINDOW_S: '0' } });
    try {
      const owner = await signInVerified(own, 'eier@example.no');
      const bidder = await signInVerified(own, 'byder@example.no');
      const round = await createRoundAs(own, owner);
      for (const amount of [4_000_000, 4_100_000, 4_200_000]) {
        await placeBidOk(own, bidder, round.id, amount);
        await own.runJobs();
        await own.runJobs();
      }
      // Two more, the newer one fanned out first (as concurrent workers may).
      await placeBidOk(own, bidder, round.id, 4_300_000);
      const newest = await placeBidOk(own, bidder, round.id, 4_400_000);
      const context = {
        id: 0,
        type: '',
        attempt: 1,
        createdAt: new Date(),
        signal: new AbortController().signal,
      };
      await createJobHandlers(own.deps)['bid:placed']?.({ bidId: newest.id }, context);
      await own.runJobs();
      await own.runJobs();
      const told = (await own.mails('eier@example.no')).filter((m) => m.subject.startsWith('Nytt bud'));
      expect(told).toHaveLength(5);
    } finally {
      await own.close();
    }
  });
});
