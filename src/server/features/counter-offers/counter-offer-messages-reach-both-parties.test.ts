import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { inHours } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { formatLongDate } from '../../../shared/format/date';

// Decision 035: the recipient gets the counter-offer by mail, and by SMS while the round's SMS setting
// is on; the owner hears of its acceptance, decline and lapse the same way; on acceptance every participant
// hears that the round is decided, as after 'Velg som vinner'. No one else hears of a counter-offer.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

const mailsAbout = async (email: string, subject: string) =>
  (await t.mails(email)).filter((m) => m.subject === subject);

/** Runs the queue, then what `who` was sent since `before` (mails by subject, and SMS). */
async function sentSince(before: { mails: number; sms: number }, who: { email: string; phone: string }) {
  await t.runJobs();
  return {
    mails: (await t.mails(who.email)).slice(before.mails),
    sms: t.sms.to(who.phone).slice(before.sms),
  };
}
const countNow = async (who: { email: string; phone: string }) => {
  await t.runJobs();
  return { mails: (await t.mails(who.email)).length, sms: t.sms.to(who.phone).length };
};

describe('the recipient', () => {
  it('gets the counter-offer by mail and SMS, in words, with its deadline; the other bidder gets nothing', async () => {
    const { owner, a, b, roundId, bidB } = await h.setting();
    const [beforeA, beforeB] = [await countNow(a), await countNow(b)];
    const deadline = inHours(3);
    await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000, { deadline, conditions: 'Ingen visning' });
    const until = formatLongDate(deadline);
    const sent = await sentSince(beforeB, b);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Motbud fra selgeren på Avslagshuset: 5 400 000 kr']);
    const text = sent.mails[0]?.text ?? '';
    expect(text).toContain(
      `Selgeren har gitt deg et motbud på 5 400 000 kr på Avslagshuset, Avslagsveien 3, Oslo, som gjelder til ${until}.`,
    );
    expect(text).toContain('Beløp: 5 400 000 kr (fem millioner fire hundre tusen kroner)');
    expect(text).toContain('Forbehold: Ingen visning');
    expect(sent.sms).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Selgeren har gitt deg et motbud på 5 400 000 kr på Avslagsveien 3, Oslo, som gjelder til ${until}\\. http`,
        ),
      ),
    ]);
    expect(await sentSince(beforeA, a)).toEqual({ mails: [], sms: [] });
  });

  it('gets the mail only when the round’s SMS setting is off', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    expect((await h.setSms(roundId, owner.cookie, false)).statusCode).toBe(200);
    const before = await countNow(a);
    await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const sent = await sentSince(before, a);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Motbud fra selgeren på Avslagshuset: 4 500 000 kr']);
    expect(sent.sms).toEqual([]);
  });

  it('is told by mail when the owner withdraws it', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const before = await countNow(a);
    expect((await h.withdraw(offer.id, owner.cookie)).statusCode).toBe(200);
    const sent = await sentSince(before, a);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Selgeren har trukket motbudet på Avslagshuset']);
    expect(sent.mails[0]?.text).toContain('Selgeren har trukket motbudet på 4 500 000 kr på Avslagshuset');
  });
});

describe('the owner', () => {
  it('hears of a decline by mail and SMS, naming the bidder', async () => {
    const { owner, a, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const before = await countNow(owner);
    expect((await h.answer(offer.id, 'decline', a.cookie)).statusCode).toBe(200);
    const sent = await sentSince(before, owner);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Motbudet ditt er avslått: Avslagshuset']);
    expect(sent.mails[0]?.text).toContain(
      'Arne Test har avslått motbudet ditt på 4 500 000 kr. Budrunden er fortsatt åpen.',
    );
    expect(sent.sms).toEqual([
      expect.stringContaining(
        'Arne Test har avslått motbudet ditt på 4 500 000 kr. Budrunden er fortsatt åpen. Avslagsveien 3, Oslo.',
      ),
    ]);
  });

  it('hears of a lapse by mail and SMS', async () => {
    const { owner, roundId, bidB } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000);
    const before = await countNow(owner);
    await h.passDeadline(offer.id);
    await h.runLapseJob(offer.id);
    const sent = await sentSince(before, owner);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Motbudet ditt har utløpt: Avslagshuset']);
    expect(sent.sms).toEqual([
      expect.stringContaining('Fristen for motbudet ditt på 5 400 000 kr til Berit Test gikk ut uten svar.'),
    ]);
  });

  it('without SMS on the round, hears of a decline and a lapse by mail only', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await h.setting();
    expect((await h.setSms(roundId, owner.cookie, false)).statusCode).toBe(200);
    const toA = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    const toB = await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000);
    const before = await countNow(owner);
    expect((await h.answer(toA.id, 'decline', a.cookie)).statusCode).toBe(200);
    await h.passDeadline(toB.id);
    await h.runLapseJob(toB.id);
    const sent = await sentSince(before, owner);
    expect(sent.mails.map((m) => m.subject)).toEqual([
      'Motbudet ditt er avslått: Avslagshuset',
      'Motbudet ditt har utløpt: Avslagshuset',
    ]);
    expect(sent.sms).toEqual([]);
    void b;
  });
});

describe('an acceptance', () => {
  it('the owner hears of it by mail and SMS, the winner gets a receipt, the other bidder that it is decided', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const follower = await h.person('Frida');
    await t.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: follower.cookie });
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 5_600_000);
    const [beforeOwner, beforeA, beforeB, beforeFollower] = [
      await countNow(owner),
      await countNow(a),
      await countNow(b),
      await countNow(follower),
    ];
    expect((await h.answer(offer.id, 'accept', a.cookie)).statusCode).toBe(200);

    const toOwner = await sentSince(beforeOwner, owner);
    expect(toOwner.mails.map((m) => m.subject)).toEqual(['Motbudet ditt er akseptert: Avslagshuset']);
    expect(toOwner.mails[0]?.text).toContain(
      'Arne Test har akseptert motbudet ditt på 5 600 000 kr. Handelen er bindende for begge parter, og budrunden er lukket.',
    );
    expect(toOwner.sms).toEqual([
      expect.stringContaining('Arne Test har akseptert motbudet ditt på 5 600 000 kr.'),
    ]);

    const toA = await sentSince(beforeA, a);
    expect(toA.mails.map((m) => m.subject)).toEqual(['Du har akseptert motbudet på Avslagshuset']);
    expect(toA.mails[0]?.text).toContain(
      'Du har akseptert selgerens motbud på 5 600 000 kr (fem millioner seks hundre tusen kroner) for Avslagshuset',
    );
    const toB = await sentSince(beforeB, b);
    expect(toB.mails.map((m) => m.subject)).toEqual(['Budrunden for Avslagshuset er avgjort']);
    expect(`${toB.mails[0]?.text}${toB.mails[0]?.html}`).not.toMatch(/Arne|5 600 000/);
    // No 'new bid' message for the bid the acceptance placed: the round is already decided.
    expect(await sentSince(beforeFollower, follower)).toEqual({ mails: [], sms: [] });
    expect(await mailsAbout(owner.email, 'Nytt bud på Avslagshuset: 5 600 000 kr')).toEqual([]);
  });

  it('without SMS on the round, the owner hears of it by mail only', async () => {
    const { owner, b, roundId, bidB } = await h.setting();
    expect((await h.setSms(roundId, owner.cookie, false)).statusCode).toBe(200);
    const offer = await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000);
    const before = await countNow(owner);
    expect((await h.answer(offer.id, 'accept', b.cookie)).statusCode).toBe(200);
    const sent = await sentSince(before, owner);
    expect(sent.mails.map((m) => m.subject)).toEqual(['Motbudet ditt er akseptert: Avslagshuset']);
    expect(sent.sms).toEqual([]);
  });
});
