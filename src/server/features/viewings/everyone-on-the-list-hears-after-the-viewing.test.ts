import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  removeViewing,
  signup,
  viewingHasTakenPlace,
  viewingOn,
} from '../../../../tests/setup/viewings';
import { jobs, properties } from '../../db/schema';

// Decision 045: after a viewing ends, everyone on its list gets one e-mail with the salgsoppgave's link
// (or word that there is none yet) and the round's link, as Propr does. The job is queued with the viewing
// for its end; the database's clock cannot be moved, so the tests move the viewing into the past instead.

let t: TestApp;
let seller: string;
let kari: string;
let ola: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-etter@example.no');
  kari = await signInVerified(t, 'kari-etter@example.no', { firstName: 'Kari' });
  ola = await signInVerified(t, 'ola-etter@example.no', { firstName: 'Ola' });
});
afterAll(() => t.close());

const followUpJobs = (viewingId: string) =>
  t.deps.db
    .select()
    .from(jobs)
    .where(sql`${jobs.type} = 'viewing:ended' and ${jobs.payload}->>'viewingId' = ${viewingId}`);

const thanks = async (email: string) =>
  (await t.mails(email)).filter((m) => m.subject === 'Takk for visningen: Etterhuset');

async function roundWithList(...cookies: string[]) {
  const round = await createRoundAs(t, seller, { title: 'Etterhuset', deadline: LATE_DEADLINE });
  const viewing = await addViewingOk(t, seller, round.id, viewingOn(osloDayAhead(20)));
  for (const cookie of cookies) await signup(t, 'POST', cookie, round.id, viewing.id);
  return { round, viewing };
}

describe('after the viewing', () => {
  it('is queued for the viewing’s end, and nothing is sent before', async () => {
    const { viewing } = await roundWithList(kari);
    const [job] = await t.deps.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.type} = 'viewing:ended' and ${jobs.payload}->>'viewingId' = ${viewing.id}`);
    expect(job?.runAt.toISOString()).toBe(viewing.endsAt);
    await t.runJobs();
    expect(await thanks('kari-etter@example.no')).toEqual([]);
  });

  it('everyone on the list gets one mail with the round’s link, and word that there is no salgsoppgave yet', async () => {
    const { round, viewing } = await roundWithList(kari, ola);
    await viewingHasTakenPlace(t, viewing.id);
    await t.runJobs();
    for (const email of ['kari-etter@example.no', 'ola-etter@example.no']) {
      const mails = await thanks(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`http://localhost:5000/budrunder/${round.id}`);
      expect(mails[0]?.text).toContain('Selgeren har ikke lagt ut salgsoppgave ennå.');
      expect(mails[0]?.text).not.toContain('/prospectus');
    }
    expect((await thanks('kari-etter@example.no'))[0]?.text).toContain('Hei Kari!');
    // The owner is not on the list and hears nothing.
    expect(await thanks('selger-etter@example.no')).toEqual([]);

    // The job run again (a crash after its work) sends nothing more.
    await t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()`, completedAt: null })
      .where(sql`${jobs.type} = 'viewing:ended' and ${jobs.payload}->>'viewingId' = ${viewing.id}`);
    await t.runJobs();
    expect(await thanks('kari-etter@example.no')).toHaveLength(1);
  });

  it('with a salgsoppgave, the mail says it is on the round’s page; who signed off before the end hears nothing', async () => {
    const { round, viewing } = await roundWithList(kari, ola);
    await signup(t, 'DELETE', ola, round.id, viewing.id);
    const [property] = await t.deps.db
      .update(properties)
      .set({
        prospectusKey: 'prospectus/etterhuset.pdf',
        prospectusSize: 1000,
        prospectusUploadedAt: new Date(),
      })
      .where(sql`${properties.id} = (select property_id from bid_rounds where id = ${round.id})`)
      .returning({ id: properties.id });
    expect(property).toBeDefined();
    await viewingHasTakenPlace(t, viewing.id);
    const before = (await thanks('ola-etter@example.no')).length;
    await t.runJobs();
    const [mail] = (await thanks('kari-etter@example.no')).slice(-1);
    // The page, where 'Last ned salgsoppgave' is: the download route answers a logged-out reader with JSON.
    expect(mail?.text).toContain(
      `Salgsoppgaven finner du på budrunden, under «Last ned salgsoppgave»: http://localhost:5000/budrunder/${round.id}`,
    );
    expect(mail?.text).not.toContain('/api/');
    expect((await thanks('ola-etter@example.no')).length).toBe(before);
  });

  it('removing a viewing takes its pending follow-up job away', async () => {
    const { round, viewing } = await roundWithList(kari);
    expect(await followUpJobs(viewing.id)).toHaveLength(1);
    expect((await removeViewing(t, seller, round.id, viewing.id)).statusCode).toBe(200);
    expect(await followUpJobs(viewing.id)).toEqual([]);
  });

  // A job that runs anyway (queued again, or removal racing the worker) must finish without mail, not fail
  // and be retried.
  it('a job whose viewing was removed, or whose round closed before the end, sends nothing and is done', async () => {
    const removed = await roundWithList(kari);
    const [job] = await followUpJobs(removed.viewing.id);
    expect((await removeViewing(t, seller, removed.round.id, removed.viewing.id)).statusCode).toBe(200);
    await t.deps.db.insert(jobs).values({ type: 'viewing:ended', payload: job?.payload, runAt: new Date() });
    const closed = await roundWithList(ola);
    await viewingHasTakenPlace(t, closed.viewing.id);
    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${closed.round.id}/close`,
      cookie: seller,
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = {
      kari: (await thanks('kari-etter@example.no')).length,
      ola: (await thanks('ola-etter@example.no')).length,
    };
    await t.runJobs();
    await t.runJobs();
    expect((await thanks('kari-etter@example.no')).length).toBe(before.kari);
    expect((await thanks('ola-etter@example.no')).length).toBe(before.ola);
    for (const viewingId of [removed.viewing.id, closed.viewing.id]) {
      const ran = await followUpJobs(viewingId);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ completedAt: expect.any(Date), failedAt: null, lastError: null });
    }
  });
});
