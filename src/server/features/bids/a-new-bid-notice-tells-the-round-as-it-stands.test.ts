import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bidNoticeWindows } from '../../db/notice-schema';
import { jobs } from '../../db/schema';

// A new-bid notice tells the round as it stands when it goes out, not as it stood when the bid that set it
// off was placed: it names the highest live bid at that moment, and never goes to the bidder who leads
// then (decision 053). Two bids in quick succession must not tell the higher one's bidder of the lower one.

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
}
async function person(name: string): Promise<Person> {
  n++;
  const email = `${name.toLowerCase()}-staende-${n}@example.no`;
  const phone = `+47 9100${String(n).padStart(4, '0')}`;
  return { email, phone, cookie: await signInVerified(t, email, { firstName: name, phone }) };
}

/** The 'new bid' messages (one bid, or a window's folded bids) a person has had, by mail and by SMS. */
async function newBidNotices(who: Person) {
  const mails = (await t.mails(who.email)).filter((m) => /^(Nytt|Nye) bud på/.test(m.subject));
  const sms = t.sms.to(who.phone).filter((text) => /Nytt bud på|nye? bud på/.test(text));
  return { mails, sms };
}

/** The window's end, as the clock would bring it: the digests queued for it are due now, and run. */
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
}

const follow = (who: Person, roundId: string) =>
  t.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: who.cookie });

describe('a new-bid notice tells the round as it stands', () => {
  it('two bids close together: the lower one’s bidder hears of the higher, the higher one’s bidder of neither', async () => {
    const owner = await person('Selma');
    const follower = await person('Frida');
    const a = await person('Arne');
    const b = await person('Berit');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Staendehuset',
      address: 'Standveien 3, Oslo',
      startingPrice: 2_500_000,
    });
    await follow(follower, round.id);

    // B's bid comes right after A's, before any notice of A's has gone out.
    await placeBidOk(t, a.cookie, round.id, 3_000_000);
    await placeBidOk(t, b.cookie, round.id, 3_100_000);
    await t.runJobs();
    await endWindows(round.id);

    // A is told of B's bid: the round's highest live bid.
    const toA = await newBidNotices(a);
    expect(toA.mails.map((m) => m.subject)).toEqual(['Nytt bud på Staendehuset: 3 100 000 kr']);
    expect(toA.mails[0]?.text).toContain('Høyeste bud er nå 3 100 000 kr.');
    expect(toA.sms).toEqual([
      `Budrunde: Nytt bud på Standveien 3, Oslo: 3 100 000 kr. http://localhost:5000/budrunder/${round.id}`,
    ]);
    // B leads: no notice about A's lower bid, by mail or SMS.
    expect(await newBidNotices(b)).toEqual({ mails: [], sms: [] });
    // The owner and the follower hear of the round as it stands when their notice goes out: 3 100 000, once.
    for (const who of [owner, follower]) {
      const told = await newBidNotices(who);
      expect(told.mails.map((m) => m.subject)).toEqual(['Nytt bud på Staendehuset: 3 100 000 kr']);
      expect(told.sms).toHaveLength(1);
      expect(told.sms[0]).toContain(': 3 100 000 kr.');
    }
    // Nobody's new-bid notice names 3 000 000 once 3 100 000 stands.
    for (const who of [owner, follower, a, b]) {
      const told = await newBidNotices(who);
      for (const text of [...told.mails.flatMap((m) => [m.subject, m.text]), ...told.sms])
        expect(text).not.toContain('3 000 000');
    }
  });

  it('a window’s folded bids are not told to the one who has bid higher since', async () => {
    const owner = await person('Sivert');
    const a = await person('Anna');
    const b = await person('Bjorn');
    const round = await createRoundAs(t, owner.cookie, { title: 'Foldehuset', startingPrice: 3_000_000 });
    await follow(b, round.id);
    await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await t.runJobs();
    expect((await newBidNotices(b)).mails.map((m) => m.subject)).toEqual([
      'Nytt bud på Foldehuset: 4 000 000 kr',
    ]);
    // Within B's window: A's next bid is folded for B, then B bids over it before the window ends.
    await placeBidOk(t, a.cookie, round.id, 4_100_000);
    await t.runJobs();
    await placeBidOk(t, b.cookie, round.id, 4_200_000);
    await t.runJobs();
    await endWindows(round.id);
    const toB = await newBidNotices(b);
    expect(toB.mails).toHaveLength(1);
    expect(toB.sms).toHaveLength(1);
    // The owner's digest names B's bid, the highest when it goes out.
    expect((await newBidNotices(owner)).mails.map((m) => m.subject)).toEqual([
      'Nytt bud på Foldehuset: 4 000 000 kr',
      'Nye bud på Foldehuset: 4 200 000 kr',
    ]);
    // A hears of B's bid at once.
    expect((await newBidNotices(a)).mails.map((m) => m.subject)).toEqual([
      'Nytt bud på Foldehuset: 4 200 000 kr',
    ]);
  });

  it('a bid rejected before its notice goes out, with nothing higher, is not told as new', async () => {
    const owner = await person('Solveig');
    const follower = await person('Fredrik');
    const a = await person('Aksel');
    const round = await createRoundAs(t, owner.cookie, { title: 'Avslagstua', startingPrice: 3_000_000 });
    await follow(follower, round.id);
    const bid = await placeBidOk(t, a.cookie, round.id, 4_000_000);
    const rejected = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/bids/${bid.id}/reject`,
      cookie: owner.cookie,
      payload: {},
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.runJobs();
    await endWindows(round.id);
    expect(await newBidNotices(follower)).toEqual({ mails: [], sms: [] });
    expect(await newBidNotices(owner)).toEqual({ mails: [], sms: [] });
  });
});
