import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, signInAdmin, signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { type EventStream, openEventStream } from '../../../../tests/setup/event-stream';
import { createRoundAs, inHours, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidView, OwnerBidView, RoundBids, UserBidView } from '../../../shared/schemas/bid';
import type { RoundEvent } from '../../../shared/schemas/events';
import type { JournalView } from '../../../shared/schemas/journal';
import { bids, jobs } from '../../db/schema';

// Issue 23, item 3: the seller rejects a live bid in writing (avslag). A rejected bid no longer binds,
// counts, sets the floor or can be chosen, like a lapsed one; every reader sees 'Avslått', only its bidder,
// the owner and admins read the seller's message; the bidder gets a mail and an SMS.

let t: TestApp;
let baseUrl: string;
let admin: { id: string; cookie: string };
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signInAdmin(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

let n = 0;
async function person(name: string, phone = `+47 9300${String(++n).padStart(4, '0')}`) {
  const email = `${name.toLowerCase()}-${++n}@example.no`;
  return {
    email,
    phone,
    cookie: await signInVerified(t, email, { firstName: name, lastName: 'Test', phone }),
  };
}

const reject = (roundId: string, bidId: string, cookie: string | null, message?: string) =>
  t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/bids/${bidId}/reject`,
    ...(cookie ? { cookie } : {}),
    payload: message === undefined ? {} : { message },
  });

const roundBids = async (roundId: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/bids`, cookie })).json() as RoundBids;
const ownerBids = async (roundId: string, cookie: string) =>
  (
    await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie })
  ).json() as OwnerBidView[];
const round = async (roundId: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie })).json();

async function setting() {
  const owner = await person('Selma');
  const a = await person('Arne');
  const b = await person('Berit');
  const r = await createRoundAs(t, owner.cookie, { title: 'Avslagshuset', address: 'Avslagsveien 3, Oslo' });
  const bidA = await placeBidOk(t, a.cookie, r.id, 4_100_000);
  const bidB = await placeBidOk(t, b.cookie, r.id, 5_250_000);
  await t.runJobs();
  return { owner, a, b, roundId: r.id, bidA, bidB };
}

describe('rejecting a bid', () => {
  it('the owner rejects the highest bid: 200, the bid no longer counts, sets the floor or can be chosen', async () => {
    const { owner, b, a, roundId, bidA, bidB } = await setting();
    const res = await reject(roundId, bidB.id, owner.cookie, 'Vi venter på flere bud.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Budet er avslått' });

    // The headline is the next live bid; the floor for new bids follows it.
    expect((await round(roundId, owner.cookie)).highestBid).toBe(4_100_000);
    const lower = await placeBid(t, a.cookie, roundId, 5_000_000);
    expect(lower.statusCode, lower.body).toBe(201);
    // The rejected bid cannot be chosen.
    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/select-winner/${bidB.id}`,
      cookie: owner.cookie,
    });
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().message).toBe('Budet er avslått og kan ikke velges som vinner.');
    // Rejecting it again is refused, with nothing changed.
    const again = await reject(roundId, bidB.id, owner.cookie, 'En annen melding');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Budet er allerede avslått');
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, bidB.id));
    expect(row?.rejectionMessage).toBe('Vi venter på flere bud.');
    expect(bidA.id).toBeTruthy();
    void b;
  });

  it('what visitor, bidder A, bidder B, owner and admin see of a rejected bid', async () => {
    const { owner, a, b, roundId, bidB } = await setting();
    const secret = 'Hemmelig begrunnelse fra selgeren';
    expect((await reject(roundId, bidB.id, owner.cookie, secret)).statusCode).toBe(200);

    // The bidder of the rejected bid: 'Avslått' with the message, no longer the highest.
    const ownView = (await roundBids(roundId, b.cookie)).bids.find((x) => x.id === bidB.id) as BidView;
    expect(ownView).toMatchObject({
      isOwnBid: true,
      isRejected: true,
      isHighestBid: false,
      rejectionMessage: secret,
    });
    // Another bidder: 'Avslått', never the message.
    const otherList = await roundBids(roundId, a.cookie);
    const otherView = otherList.bids.find((x) => x.id === bidB.id) as BidView;
    expect(otherView).toMatchObject({ isOwnBid: false, isRejected: true, rejectionMessage: null });
    expect(JSON.stringify(otherList)).not.toContain(secret);
    expect(otherList.bids.find((x) => x.isHighestBid)?.amount).toBe(4_100_000);
    // Every bid view has the field.
    for (const bid of otherList.bids) expect(typeof bid.isRejected).toBe('boolean');
    // The owner and an admin: the message, in the list every participant reads and with the bidder.
    for (const cookie of [owner.cookie, admin.cookie]) {
      expect((await roundBids(roundId, cookie)).bids.find((x) => x.id === bidB.id)).toMatchObject({
        isRejected: true,
        rejectionMessage: secret,
      });
      const view = (await ownerBids(roundId, cookie)).find((x) => x.id === bidB.id);
      expect(view).toMatchObject({
        isRejected: true,
        rejectionMessage: secret,
        user: { firstName: 'Berit' },
      });
    }
    // The bidder's own list ('Mine bud').
    const mine = (
      await t.request({ method: 'GET', url: '/api/user/bids', cookie: b.cookie })
    ).json() as UserBidView[];
    expect(mine.find((x) => x.id === bidB.id)).toMatchObject({
      isRejected: true,
      rejectionMessage: secret,
      isHighestBid: false,
    });
    // The admin's view of the bidder's bids.
    const adminBids = await t.request({
      method: 'GET',
      url: `/api/admin/users/${await userIdOf(t, b.email)}/bids`,
      cookie: admin.cookie,
    });
    expect(adminBids.json().find((x: { id: string }) => x.id === bidB.id)).toMatchObject({
      isRejected: true,
      rejectionMessage: secret,
    });
    // A visitor sees no bids at all.
    expect((await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/bids` })).statusCode).toBe(401);
    expect((await reject(roundId, bidB.id, null)).statusCode).toBe(401);
  });

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

  it('refuses: a bid of another round, a lapsed bid, a deleted bidder, a closed round; 403, 404, 400', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await setting();
    const other = await setting();
    const otherRound = await reject(roundId, other.bidA.id, owner.cookie);
    expect([otherRound.statusCode, otherRound.json().message]).toEqual([
      409,
      'Budet hører til en annen budrunde',
    ]);

    // Not the owner: 403, for a bidder and for a stranger. An admin may.
    for (const cookie of [a.cookie, b.cookie, (await person('Stian')).cookie]) {
      expect((await reject(roundId, bidA.id, cookie)).statusCode).toBe(403);
    }
    // Unknown round or bid: 404; a malformed id or a long message: 400.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await reject(unknown, bidA.id, owner.cookie)).statusCode).toBe(404);
    const noBid = await reject(roundId, unknown, owner.cookie);
    expect([noBid.statusCode, noBid.json().message]).toEqual([404, 'Budet ble ikke funnet']);
    expect((await reject(roundId, 'ikke-en-id', owner.cookie)).statusCode).toBe(400);
    const long = await reject(roundId, bidA.id, owner.cookie, 'x'.repeat(1001));
    expect([long.statusCode, long.json().message]).toEqual([400, 'Meldingen kan ha høyst 1000 tegn']);
    expect((await reject(roundId, bidA.id, owner.cookie, 'x'.repeat(1000))).statusCode).toBe(200);

    // A lapsed bid.
    const lapsing = await placeBidOk(t, a.cookie, roundId, 5_300_000, { bidDeadline: inHours(1) });
    await t.deps.db.update(bids).set({ bidDeadline: sql`clock_timestamp()` }).where(eq(bids.id, lapsing.id));
    const lapsed = await reject(roundId, lapsing.id, owner.cookie);
    expect([lapsed.statusCode, lapsed.json().message]).toEqual([
      409,
      'Akseptfristen for dette budet har gått ut. Budet binder ikke lenger budgiveren.',
    ]);

    // A deleted bidder (an admin deleted the account while the bid bound).
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${await userIdOf(t, other.b.email)}`,
      cookie: admin.cookie,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const deletedBidder = await reject(other.roundId, other.bidB.id, other.owner.cookie);
    expect([deletedBidder.statusCode, deletedBidder.json().message]).toEqual([
      409,
      'Budgiveren har slettet kontoen sin. Budet binder ikke lenger.',
    ]);

    // An admin may reject, and the audit trail says so.
    expect((await reject(roundId, bidB.id, admin.cookie, 'Avslått av administrator')).statusCode).toBe(200);
    expect((await auditRowsFor(t, roundId)).map((r) => r.action)).toContain('reject-bid');

    // A closed round: nothing more can be rejected.
    await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${other.roundId}/close`,
      cookie: other.owner.cookie,
    });
    const closed = await reject(other.roundId, other.bidA.id, other.owner.cookie);
    expect([closed.statusCode, closed.json().message]).toEqual([409, 'Budrunden er allerede lukket']);
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, other.bidA.id));
    expect(row?.rejectedAt).toBeNull();
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
    ]);
  });
});
