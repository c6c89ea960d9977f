import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bids, jobs } from '../../db/schema';

// Decision 028: 30 minutes before the highest live bid lapses, and when any live bid lapses, the owner
// gets an e-mail, and an SMS while the round's SMS setting is on. Exactly once each.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function person(name: string, phone: string) {
  const email = `${name}-${++n}@example.no`;
  return { email, phone, cookie: await signInVerified(t, email, { firstName: name, phone }) };
}

/** Makes a job of `type` for the bid due now (again, if it ran already), and runs the queue. */
async function runJobFor(type: string, bidId: string) {
  await t.deps.db
    .update(jobs)
    .set({ runAt: sql`now()`, completedAt: null })
    .where(sql`${jobs.type} = ${type} and ${jobs.payload}->>'bidId' = ${bidId}`);
  await t.runJobs();
  await t.runJobs();
}

/** The bid's acceptance deadline passes now, and its lapse job runs. */
async function lapse(bidId: string) {
  await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidId));
  await runJobFor('bid:lapsed', bidId);
}

const mailsAbout = async (email: string, subject: RegExp) =>
  (await t.mails(email)).filter((m) => subject.test(m.subject));

describe('the owner hears of lapses', () => {
  it('is warned 30 minutes before the highest live bid lapses, once, and not about a lower bid', async () => {
    const owner = await person('selma', '+47 91000001');
    const a = await person('arne', '+47 91000002');
    const b = await person('berit', '+47 91000003');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Fristhuset',
      address: 'Fristveien 2, Oslo',
    });
    const low = await placeBidOk(t, a.cookie, round.id, 4_000_000);
    const high = await placeBidOk(t, b.cookie, round.id, 4_100_000);
    await t.runJobs();

    const [warning] = await t.deps.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.type} = 'bid:lapse-warning' and ${jobs.payload}->>'bidId' = ${high.id}`);
    const [stored] = await t.deps.db.select().from(bids).where(eq(bids.id, high.id));
    expect(warning?.runAt.getTime()).toBe((stored?.bidDeadline?.getTime() ?? 0) - 30 * 60_000);

    const smsBefore = t.sms.to(owner.phone).length;
    await runJobFor('bid:lapse-warning', low.id);
    expect(await mailsAbout(owner.email, /utløper snart/)).toHaveLength(0);

    await runJobFor('bid:lapse-warning', high.id);
    await runJobFor('bid:lapse-warning', high.id);
    const [mail, ...more] = await mailsAbout(owner.email, /utløper snart/);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Høyeste bud på Fristhuset utløper snart');
    expect(mail?.text).toContain(
      'Akseptfristen for høyeste bud på Fristhuset, Fristveien 2, Oslo, 4 100 000 kr, går ut',
    );
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/berit|Berit/);
    const sms = t.sms.to(owner.phone).slice(smsBefore);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('Høyeste bud på Fristveien 2, Oslo, 4 100 000 kr, utløper');
  });

  it('gets an e-mail and an SMS when any live bid lapses, once each, with the highest bid after it', async () => {
    const owner = await person('sofie', '+47 91000011');
    const a = await person('anna', '+47 91000012');
    const b = await person('bjorn', '+47 91000013');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Lapsehuset',
      address: 'Lapseveien 3, Oslo',
    });
    const low = await placeBidOk(t, a.cookie, round.id, 4_000_000);
    const high = await placeBidOk(t, b.cookie, round.id, 4_100_000);
    await t.runJobs();
    const smsBefore = t.sms.to(owner.phone).length;

    await lapse(low.id);
    await runJobFor('bid:lapsed', low.id);
    const [first, ...more] = await mailsAbout(owner.email, /har utløpt$/);
    expect(more).toHaveLength(0);
    expect(first?.subject).toBe('Et bud på Lapsehuset har utløpt');
    expect(first?.text).toContain(
      'Akseptfristen for budet på 4 000 000 kr på Lapsehuset, Lapseveien 3, Oslo gikk ut',
    );
    expect(first?.text).toContain('Høyeste bud er nå 4 100 000 kr.');
    expect(first?.text).not.toContain('Høyeste bud har utløpt');
    expect(t.sms.to(owner.phone).slice(smsBefore)).toEqual([
      expect.stringContaining(
        'Et bud på 4 000 000 kr på Lapseveien 3, Oslo har utløpt. Høyeste bud er nå 4 100 000 kr.',
      ),
    ]);

    await lapse(high.id);
    const second = (await mailsAbout(owner.email, /har utløpt$/))[1];
    expect(second?.text).toContain('Høyeste bud har utløpt.');
    expect(second?.text).toContain('Det er ingen gyldige bud i budrunden nå.');
    expect(t.sms.to(owner.phone).slice(smsBefore)).toHaveLength(2);
    // The bidders still hear of their own lapse, as before.
    expect(await mailsAbout(a.email, /^Budet ditt på Lapsehuset har utløpt$/)).toHaveLength(1);
  });

  it('without SMS on the round, the owner gets the e-mail only', async () => {
    const owner = await person('siri', '+47 91000021');
    const a = await person('atle', '+47 91000022');
    const round = await createRoundAs(t, owner.cookie, { title: 'Stillehuset' });
    await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/sms-notifications`,
      cookie: owner.cookie,
      payload: { enabled: false },
    });
    const bid = await placeBidOk(t, a.cookie, round.id, 4_000_000);
    await t.runJobs();
    const smsBefore = t.sms.to(owner.phone).length;
    await runJobFor('bid:lapse-warning', bid.id);
    await lapse(bid.id);
    expect(await mailsAbout(owner.email, /utløper snart|har utløpt$/)).toHaveLength(2);
    expect(t.sms.to(owner.phone).length).toBe(smsBefore);
  });
});
