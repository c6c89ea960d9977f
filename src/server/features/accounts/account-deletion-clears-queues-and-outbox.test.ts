import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { jobs, mailOutbox } from '../../db/schema';
import { enqueueTokenMail } from '../../mail/mail-jobs';
import { enqueueSms } from '../../sms/sms-jobs';

let t: TestApp;
let leaverId: string;

const LEAVER = 'lasse@example.no';
const OTHER = 'ola@example.no';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allJobs = () => t.deps.db.select().from(jobs);

describe('account deletion and the queues', () => {
  it('removes the user’s queued and delivered messages, keeps others’, and still sends the confirmation', async () => {
    const leaver = await signUp(t, LEAVER, {
      firstName: 'Lasse',
      lastName: 'Leaver',
      phoneNumber: '95555555',
    });
    const other = await signUp(t, OTHER, { firstName: 'Ola', lastName: 'Hansen', phoneNumber: '96666666' });
    leaverId = (await t.request({ method: 'GET', url: '/api/auth/user', cookie: leaver })).json().id;
    // The leaver sells; Ola's bid queues a mail and an SMS to the leaver, a receipt to Ola.
    const round = await createRoundAs(t, leaver, { title: 'Solhuset' });
    await placeBidOk(t, other, round.id, 4_000_000);
    // The worker turns the bid into its messages after the commit; they are not sent yet.
    await t.fanOutBids();
    // Delivered already: sign-up mail in the outbox and finished jobs, for both.
    expect(await t.mails(LEAVER)).not.toHaveLength(0);
    // Still waiting: a token mail keyed by id, and an SMS with the number written without a space.
    await enqueueTokenMail(t.deps.db, 'reset', leaverId);
    await enqueueSms(t.deps.db, '+4795555555', 'Påminnelse');
    await enqueueSms(t.deps.db, '+47 96666666', 'Til Ola');
    // The SMS waiting for the leaver: the one with the number, and the new-bid notice's, which names them by
    // id (their number is read when it goes out, decision 053).
    const leaverSmsBefore = (await allJobs()).filter(
      (j) =>
        JSON.stringify(j.payload).includes('95555555') ||
        (j.type === 'bid:new-bid-sms' && JSON.stringify(j.payload).includes(leaverId)),
    );
    expect(leaverSmsBefore.length).toBeGreaterThanOrEqual(2);

    const res = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: leaver });
    expect(res.statusCode, res.body).toBe(200);

    // Nothing in the queue names the leaver but the confirmation, and the outbox holds nothing to them.
    const naming = (await allJobs()).filter(
      (j) =>
        /lasse@example\.no|95555555|Lasse|Leaver/.test(JSON.stringify(j.payload)) ||
        JSON.stringify(j.payload).includes(leaverId),
    );
    expect(naming.map((j) => (j.payload as { mail?: { subject: string } }).mail?.subject)).toEqual([
      'Kontoen din hos Budrunde er slettet',
    ]);
    expect(await t.mails(LEAVER)).toHaveLength(0);
    const olasMailsBefore = (await t.mails(OTHER)).length;
    expect(olasMailsBefore).toBeGreaterThan(0);

    await t.runJobs();
    const delivered = await t.mails(LEAVER);
    expect(delivered.map((m) => m.subject)).toEqual(['Kontoen din hos Budrunde er slettet']);
    expect(t.sms.sent.filter((m) => m.to.replace(/\D/g, '').endsWith('95555555'))).toEqual([]);
    // Ola's messages are untouched: the SMS goes out, and the round's closing mail reaches Ola.
    expect(t.sms.to('+47 96666666')).toContain('Til Ola');
    expect((await t.mails(OTHER)).length).toBeGreaterThan(olasMailsBefore);
    expect((await t.deps.db.select().from(mailOutbox)).some((m) => m.to === OTHER)).toBe(true);
  });
});
