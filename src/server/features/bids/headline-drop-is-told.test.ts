import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bids, jobs } from '../../db/schema';

// Decision 028: when the highest live bid goes down for any reason but a new bid (it lapses, or its
// bidder's account is deleted), the owner and the followers get one message with the new figure and the
// reason, and no bidder is named.

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

let n = 0;
async function person(name: string, phone: string) {
  const email = `${name}-${++n}@example.no`;
  return { email, phone, cookie: await signInVerified(t, email, { firstName: name, phone }) };
}

async function lapse(bidId: string) {
  await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidId));
  await t.deps.db
    .update(jobs)
    .set({ runAt: sql`now()`, completedAt: null })
    .where(sql`${jobs.type} = 'bid:lapsed' and ${jobs.payload}->>'bidId' = ${bidId}`);
  await t.runJobs();
  await t.runJobs();
}

const dropMails = async (email: string) =>
  (await t.mails(email)).filter((m) =>
    /^(Høyeste bud har utløpt|Budgiveren har trukket seg):/.test(m.subject),
  );

describe('a drop of the highest bid is told', () => {
  it('when it lapses, and when its bidder is deleted, with the new figure; and when no live bid is left', async () => {
    const owner = await person('selma', '+47 92000001');
    const follower = await person('frida', '+47 92000002');
    const a = await person('arne', '+47 92000003');
    const c = await person('cecilie', '+47 92000004');
    const b = await person('berit', '+47 92000005');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Toppbudhuset',
      address: 'Toppveien 5, Oslo',
    });
    await t.request({ method: 'POST', url: `/api/bid-rounds/${round.id}/follow`, cookie: follower.cookie });
    const bidA = await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await placeBidOk(t, c.cookie, round.id, 4_200_000);
    const bidB = await placeBidOk(t, b.cookie, round.id, 4_500_000);
    await t.runJobs();
    const smsBefore = t.sms.to(follower.phone).length;

    // A lower bid lapsing leaves the headline where it was: nobody but the owner and its bidder hears of it.
    const lowBid = await placeBidOk(t, a.cookie, round.id, 4_600_000);
    await t.runJobs();
    await t.deps.db.update(bids).set({ amount: 3_900_000 }).where(eq(bids.id, lowBid.id));
    await lapse(lowBid.id);
    expect(await dropMails(follower.email)).toHaveLength(0);

    // The highest lapses: 4 500 000 → 4 200 000.
    await lapse(bidB.id);
    const [lapsed, ...more] = await dropMails(follower.email);
    expect(more).toHaveLength(0);
    expect(lapsed?.subject).toBe('Høyeste bud har utløpt: Toppbudhuset');
    expect(lapsed?.text).toContain('Høyeste bud har utløpt på Toppbudhuset, Toppveien 5, Oslo.');
    expect(lapsed?.text).toContain('Høyeste bud er nå 4 200 000 kr.');
    expect(`${lapsed?.text}${lapsed?.html}`).not.toMatch(/berit|Berit|cecilie|Cecilie|arne|Arne/);
    expect(t.sms.to(follower.phone).slice(smsBefore)).toEqual([
      expect.stringContaining('Høyeste bud har utløpt på Toppveien 5, Oslo. Høyeste bud er nå 4 200 000 kr.'),
    ]);
    // The owner gets one message for it: the lapse notice, which carries the reason and the new figure.
    expect(await dropMails(owner.email)).toHaveLength(0);
    const ownerLapse = (await t.mails(owner.email)).filter(
      (m) => m.subject === 'Et bud på Toppbudhuset har utløpt',
    );
    expect(ownerLapse.at(-1)?.text).toContain('Høyeste bud har utløpt.');
    expect(ownerLapse.at(-1)?.text).toContain('Høyeste bud er nå 4 200 000 kr.');

    // The leading bidder's account is deleted by an administrator: 4 200 000 → 4 000 000.
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${await userIdOf(t, c.email)}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    await t.runJobs();
    for (const who of [owner, follower]) {
      const withdrawn = (await dropMails(who.email)).at(-1);
      expect(withdrawn?.subject).toBe('Budgiveren har trukket seg: Toppbudhuset');
      expect(withdrawn?.text).toContain('Budgiveren har trukket seg på Toppbudhuset, Toppveien 5, Oslo.');
      expect(withdrawn?.text).toContain('Høyeste bud er nå 4 000 000 kr.');
    }
    expect(await dropMails(follower.email)).toHaveLength(2);
    expect(t.sms.to(follower.phone).at(-1)).toContain('Budgiveren har trukket seg på Toppveien 5, Oslo.');

    // The last live bid lapses: said plainly.
    await lapse(bidA.id);
    const none = (await dropMails(follower.email)).at(-1);
    expect(none?.subject).toBe('Høyeste bud har utløpt: Toppbudhuset');
    expect(none?.text).toContain('Det er ingen gyldige bud i budrunden nå.');
    expect(await dropMails(follower.email)).toHaveLength(3);
  });

  it('deleting a bidder whose bid does not lead tells nobody of a drop', async () => {
    const owner = await person('sivert', '+47 92000011');
    const a = await person('anna', '+47 92000012');
    const b = await person('bjorn', '+47 92000013');
    const round = await createRoundAs(t, owner.cookie, { title: 'Rolighuset' });
    await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await placeBidOk(t, b.cookie, round.id, 4_100_000);
    await t.runJobs();
    await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${await userIdOf(t, a.email)}`,
      cookie: admin.cookie,
    });
    await t.runJobs();
    expect(await dropMails(owner.email)).toHaveLength(0);
    expect(await dropMails(b.email)).toHaveLength(0);
  });
});
