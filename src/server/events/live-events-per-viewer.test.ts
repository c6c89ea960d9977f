import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { type EventStream, openEventStream } from '../../../tests/setup/event-stream';
import { createRoundAs, placeBid, placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { OwnerBidView, RoundBids } from '../../shared/schemas/bid';
import type { PublicRoundEvent, RoundEvent } from '../../shared/schemas/events';
import { publishEvent } from './bus-event';

let t: TestApp;
let baseUrl: string;
let owner: string;
let a: string;
let b: string;
let other: string;
const open: EventStream[] = [];

async function stream(cookie?: string): Promise<EventStream> {
  const s = await openEventStream(baseUrl, cookie);
  open.push(s);
  await s.next('hello');
  return s;
}

const isBid = (bidId: string) => (e: RoundEvent) => e.change === 'bid' && e.bidId === bidId;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  a = await signUp(t, 'anna@example.no', { firstName: 'Anna', lastName: 'Alfa' });
  b = await signUp(t, 'bjorn.hemmelig@example.no', {
    firstName: 'Bjørnulf',
    lastName: 'Hemmeligsen',
    phoneNumber: '98765432',
  });
  other = await signUp(t, 'olav@example.no', { firstName: 'Olav', lastName: 'Utenfor' });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('GET /api/events', () => {
  it('is a text/event-stream that says first whether it is signed in', async () => {
    const visitor = await openEventStream(baseUrl);
    open.push(visitor);
    expect(visitor.status).toBe(200);
    expect(visitor.contentType).toMatch(/^text\/event-stream/);
    expect(await visitor.next('hello')).toEqual({ signedIn: false });
    expect(await (await stream(a)).next('hello')).toEqual({ signedIn: true });
  });

  it('a forged session cookie gets the visitor stream', async () => {
    const forged = await stream('budrunde.sid=forged-session-id.invalidsignature');
    expect(await forged.next('hello')).toEqual({ signedIn: false });
  });

  it('gives a visitor, bidder A, bidder B, a stranger and the owner each what they may see of one bid', async () => {
    const round = await createRoundAs(t, owner, { title: 'Strømhuset' });
    const first = await placeBidOk(t, a, round.id, 4_000_000);
    const [visitor, streamA, streamB, stranger, seller] = await Promise.all([
      stream(),
      stream(a),
      stream(b),
      stream(other),
      stream(owner),
    ]);
    const bid = await placeBidOk(t, b, round.id, 4_100_000);

    const toA: RoundEvent = await streamA.next('round', isBid(bid.id));
    expect(toA.round?.highestBid).toBe(4_100_000);
    expect(toA.round?.hasBid).toBe(true);
    expect(toA.bids?.bids.map((x) => [x.amount, x.bidderLabel, x.isOwnBid, x.isHighestBid])).toEqual([
      [4_100_000, 'Budgiver B', false, true],
      [4_000_000, 'Du', true, false],
    ]);
    expect(toA.ownerBids).toBeUndefined();

    const toB: RoundEvent = await streamB.next('round', isBid(bid.id));
    expect(toB.bids?.bids.map((x) => x.bidderLabel)).toEqual(['Du', 'Budgiver A']);

    const toStranger: RoundEvent = await stranger.next('round', isBid(bid.id));
    expect(toStranger.round?.highestBid).toBe(4_100_000);
    expect(toStranger.round?.hasBid).toBe(false);
    expect(toStranger.bids).toBeUndefined();

    const toOwner: RoundEvent = await seller.next('round', isBid(bid.id));
    expect(toOwner.round?.isOwner).toBe(true);
    const detailed = toOwner.ownerBids?.find((x) => x.id === bid.id) as OwnerBidView;
    expect(detailed.user).toMatchObject({ firstName: 'Bjørnulf', email: 'bjorn.hemmelig@example.no' });

    // The same answers as the GET calls give, built by the same functions.
    const getA = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}/bids`, cookie: a });
    expect(toA.bids).toEqual(getA.json() as RoundBids);

    // Nothing that names B reaches anyone but the owner; the visitor hears nothing of the bid at all.
    const secrets = [/Bjørnulf/, /Hemmeligsen/, /bjorn\.hemmelig/, /98765432/];
    for (const s of [streamA, streamB, stranger, visitor]) {
      for (const event of s.events) for (const secret of secrets) expect(event.raw).not.toMatch(secret);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The round's creation is public, and may reach a stream opened just after it (the hub hears NOTIFY
    // asynchronously); the bids never do.
    const aboutTheRound = visitor.events.filter((e) => e.name !== 'hello');
    expect(aboutTheRound.filter((e) => e.name !== 'public-round')).toEqual([]);
    expect(
      aboutTheRound.map((e) => (e.data as PublicRoundEvent).change).filter((c) => c !== 'created'),
    ).toEqual([]);
    expect(first.id).not.toBe(bid.id);
  });

  it('announces nothing for a bid that was refused or a change that was rolled back', async () => {
    const round = await createRoundAs(t, owner, { title: 'Angrehuset' });
    const watcher = await stream(a);
    expect((await placeBid(t, b, round.id, 1)).statusCode).toBe(400);
    await t.deps.db
      .transaction(async (tx) => {
        await publishEvent(tx, { type: 'round', roundId: round.id, change: 'bid', bidId: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    const later = await placeBidOk(t, b, round.id, 4_000_000);
    await watcher.next('round', isBid(later.id));
    // The round's 'created' event may still arrive after the stream opened; bids are what this is about.
    const bidsOfRound = watcher.events
      .map((e) => e.data as RoundEvent)
      .filter((e) => e.roundId === round.id && e.change === 'bid');
    expect(bidsOfRound.map((e) => e.bidId)).toEqual([later.id]);
  });

  it('tells visitors when a round opens and when it ends, and its participants that journals are ready', async () => {
    const visitor = await stream();
    const bidder = await stream(a);
    const round = await createRoundAs(t, owner, { title: 'Nyhuset' });
    expect((await visitor.next('public-round', (e) => e.roundId === round.id)).round).toMatchObject({
      id: round.id,
      property: { title: 'Nyhuset' },
    });
    await placeBidOk(t, a, round.id, 4_000_000);
    const closed = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/close`,
      cookie: owner,
    });
    expect(closed.statusCode).toBe(200);
    const ended = await visitor.next('public-round', (e) => e.roundId === round.id && e.change === 'closed');
    expect(ended.round).toBeNull();
    expect((await bidder.next('round', (e) => e.change === 'closed')).round.isClosed).toBe(true);
    expect(await bidder.next('journals', (e) => e.roundId === round.id)).toEqual({ roundId: round.id });
  });

  it('ends the stream with session-ended when the session is logged out elsewhere', async () => {
    const cookie = await signUp(t, 'to-faner@example.no');
    const tab = await stream(cookie);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(await tab.next('session-ended')).toEqual({});
    await tab.ended;
  });

  it('sends heartbeats', async () => {
    const quick = await createTestApp({ events: { heartbeatMs: 50 } });
    try {
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const s = await openEventStream(`http://127.0.0.1:${(quick.app.server.address() as AddressInfo).port}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(s.pings).toBeGreaterThanOrEqual(2);
      s.close();
    } finally {
      await quick.close();
    }
  });
});
