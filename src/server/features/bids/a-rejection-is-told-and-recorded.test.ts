import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../../tests/setup/event-stream';
import { type RejectionHelpers, rejectionHelpers } from '../../../../tests/setup/rejections';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { RoundEvent } from '../../../shared/schemas/events';
import type { JournalView } from '../../../shared/schemas/journal';
import { bids, jobs } from '../../db/schema';

// Decision 034: a rejection is told and recorded. The bidder gets a mail and an SMS with the seller's
// words; the followers hear the headline drop; no lapse notice follows; every open page sees it live by the
// per-viewer rules; the journals and the CSV record it. The rules themselves: seller-rejects-a-bid.test.ts.

let t: TestApp;
let baseUrl: string;
const streams: EventStream[] = [];
let person: RejectionHelpers['person'];
let reject: RejectionHelpers['reject'];
let setting: RejectionHelpers['setting'];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ person, reject, setting } = rejectionHelpers(t));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('a rejected bid, told and recorded', () => {
  it('the bidder gets a mail and an SMS with the seller’s words; no SMS when the round’s SMS setting is off', async () => {
    const { owner, b, roundId, bidB } = await setting();
    const smsBefore = t.sms.to(b.phone).length;
    expect((await reject(roundId, bidB.id, owner.cookie, 'Takk for budet.')).statusCode).toBe(200);
    await t.runJobs();
    const mail = (await t.mails(b.email)).find((m) => m.subject === 'Budet ditt på Avslagshuset er avslått');
    expect(mail?.text).toContain(
      'Budet ditt på 5 250 000 kr på Avslagshuset, Avslagsveien 3, Oslo er avslått av selgeren.',
    );
    expect(mail?.text).toContain('Melding fra selgeren: Takk for budet.');
    expect(t.sms.to(b.phone).slice(smsBefore)).toEqual([
      expect.stringContaining(
        'Budet ditt på 5 250 000 kr på Avslagsveien 3, Oslo er avslått av selgeren. Melding fra selgeren: Takk for budet.',
      ),
    ]);

    // SMS setting off: the mail only.
    const second = await setting();
    await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${second.roundId}/sms-notifications`,
      cookie: second.owner.cookie,
      payload: { enabled: false },
    });
    const before = t.sms.to(second.a.phone).length;
    expect((await reject(second.roundId, second.bidA.id, second.owner.cookie)).statusCode).toBe(200);
    await t.runJobs();
    expect(t.sms.to(second.a.phone).length).toBe(before);
    const plain = (await t.mails(second.a.email)).find((m) => /er avslått$/.test(m.subject));
    expect(plain?.text).toContain('Budet ditt på 4 100 000 kr på Avslagshuset');
    expect(plain?.text).not.toContain('Melding fra selgeren');
  });

  it('rejecting the highest bid tells the followers the new figure with its reason, never naming a bidder', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await setting();
    const follower = await person('Frida');
    await t.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: follower.cookie });
    // A lower bid rejected: the headline stays, no drop message.
    expect((await reject(roundId, bidA.id, owner.cookie)).statusCode).toBe(200);
    await t.runJobs();
    const drops = async (email: string) =>
      (await t.mails(email)).filter((m) => m.subject.startsWith('Selgeren har avslått det høyeste budet'));
    expect(await drops(follower.email)).toHaveLength(0);
    expect((await reject(roundId, bidB.id, owner.cookie)).statusCode).toBe(200);
    await t.runJobs();
    const [drop, ...more] = await drops(follower.email);
    expect(more).toHaveLength(0);
    expect(drop?.text).toContain('Selgeren har avslått det høyeste budet på Avslagshuset');
    expect(drop?.text).toContain('Det er ingen gyldige bud i budrunden nå.');
    expect(`${drop?.text}${drop?.html}`).not.toMatch(/Berit|Arne/);
    // The owner who rejected it and its bidder have their own word of it.
    expect(await drops(owner.email)).toHaveLength(0);
    expect(await drops(b.email)).toHaveLength(0);
    void a;
  });

  it('a rejected bid gets no lapse notices later, and no longer binds its bidder', async () => {
    const { owner, b, roundId, bidB } = await setting();
    expect((await reject(roundId, bidB.id, owner.cookie)).statusCode).toBe(200);
    await t.runJobs();
    // Its acceptance deadline passes and the lapse job runs: nothing is sent about it.
    await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, bidB.id));
    await t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()`, completedAt: null })
      .where(sql`${jobs.type} = 'bid:lapsed' and ${jobs.payload}->>'bidId' = ${bidB.id}`);
    await t.runJobs();
    const mails = [...(await t.mails(b.email)), ...(await t.mails(owner.email))];
    expect(mails.filter((m) => /utløpt/i.test(m.subject))).toEqual([]);

    // The bidder's only bid is rejected: their account may be deleted by themself (nothing binds them).
    const other = await setting();
    expect((await reject(other.roundId, other.bidA.id, other.owner.cookie)).statusCode).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: other.a.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('is an event on the live stream for every open page, by the same per-viewer rules as the bid lists', async () => {
    const { owner, a, b, roundId, bidB } = await setting();
    const open = async (cookie?: string) => {
      const s = await openEventStream(baseUrl, cookie);
      streams.push(s);
      await s.next('hello');
      return s;
    };
    const [toOwner, toA, toB, toVisitor] = await Promise.all([
      open(owner.cookie),
      open(a.cookie),
      open(b.cookie),
      open(),
    ]);
    const secret = 'Bare for Berit og selgeren';
    expect((await reject(roundId, bidB.id, owner.cookie, secret)).statusCode).toBe(200);
    const rejected = (e: RoundEvent) => e.roundId === roundId && e.change === 'bid-rejected';
    const [ownerEvent, aEvent, bEvent]: [RoundEvent, RoundEvent, RoundEvent] = await Promise.all([
      toOwner.next('round', rejected),
      toA.next('round', rejected),
      toB.next('round', rejected),
    ]);
    expect(ownerEvent.ownerBids?.find((x) => x.id === bidB.id)).toMatchObject({
      isRejected: true,
      rejectionMessage: secret,
    });
    expect(bEvent.bids?.bids.find((x) => x.id === bidB.id)).toMatchObject({
      isOwnBid: true,
      isRejected: true,
      rejectionMessage: secret,
    });
    expect(ownerEvent.bids?.bids.find((x) => x.id === bidB.id)?.rejectionMessage).toBe(secret);
    expect(aEvent.bids?.bids.find((x) => x.id === bidB.id)).toMatchObject({
      isRejected: true,
      rejectionMessage: null,
    });
    expect(aEvent.round?.highestBid).toBe(4_100_000);
    expect(aEvent.ownerBids).toBeUndefined();
    expect(toA.events.map((e) => e.raw).join('')).not.toContain(secret);
    // A visitor is not told of bids at all.
    await new Promise((r) => setTimeout(r, 200));
    expect(toVisitor.events.filter((e) => e.raw.includes('bid-rejected'))).toEqual([]);
  });

  it('the journals record the rejection: state and message for the owner and its bidder, CSV row of kind Avslag', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await setting();
    const secret = 'For lavt i forhold til takst';
    expect((await reject(roundId, bidA.id, owner.cookie, secret)).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/bid-rounds/${roundId}/select-winner/${bidB.id}`,
          cookie: owner.cookie,
        })
      ).statusCode,
    ).toBe(200);
    const journalOf = async (cookie: string) =>
      (
        (await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie })).json() as JournalView[]
      ).find((j) => j.bidRound.id === roundId);
    const ownerCopy = await journalOf(owner.cookie);
    const rejectedEntry = ownerCopy?.journalData.find((e) => e.amount === 4_100_000);
    expect(rejectedEntry).toMatchObject({
      isRejected: true,
      rejectionMessage: secret,
      bidderName: 'Arne Test',
    });
    expect(rejectedEntry?.rejectedAt).toEqual(expect.any(String));
    expect((await journalOf(a.cookie))?.journalData.find((e) => e.isOwnBid)).toMatchObject({
      isRejected: true,
      rejectionMessage: secret,
    });
    const bJournal = await journalOf(b.cookie);
    expect(bJournal?.journalData.find((e) => !e.isOwnBid)).toMatchObject({
      isRejected: true,
      rejectionMessage: null,
      bidderName: 'Budgiver A',
    });
    expect(JSON.stringify(bJournal)).not.toContain(secret);

    const csv = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/csv`, cookie: owner.cookie })
    ).body;
    const lines = csv.trim().split('\r\n');
    const header = lines[0]?.split(';') ?? [];
    const kind = header.indexOf('Hendelse');
    expect(header[kind + 1]).toBe('Melding');
    // In time order: A's bid, B's bid, the rejection of A's bid.
    const cells = (line: string) => line.split(';');
    expect(lines.slice(1).map((l) => [...cells(l).slice(0, 2), ...cells(l).slice(kind, kind + 2)])).toEqual([
      ['Arne Test', 'Avslått', 'Bud', ''],
      ['Berit Test', 'Vinner', 'Bud', ''],
      ['Arne Test', 'Avslått', 'Avslag', secret],
      // Then the acceptance and the close, acts of their own since decision 036.
      ['Berit Test', 'Vinner', 'Vinner valgt', ''],
      ['', '', 'Budrunden lukket', 'Vinner valgt'],
    ]);
  });
});
