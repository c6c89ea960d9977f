import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { type EventStream, openEventStream } from '../../../../tests/setup/event-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { RoundEvent } from '../../../shared/schemas/events';

// Decision 035: each act on a counter-offer is an event on /api/events, and each viewer's round event
// carries the counter-offers by the same rules as GET /api/bid-rounds/{id}/counter-offers: the owner sees
// names and conditions, the recipient 'Du', another bidder or a follower a pseudonym without conditions; a
// signed-in stranger gets the round only, and a visitor hears nothing of it.

let t: TestApp;
let h: CounterOfferHelpers;
let baseUrl: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function open(cookie?: string) {
  const s = await openEventStream(baseUrl, cookie);
  streams.push(s);
  await s.next('hello');
  return s;
}

const SECRET = 'Hemmelig forbehold om hagen';

describe('counter-offers on the live stream', () => {
  it('a new one reaches every open page, as each viewer may see it', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const follower = await h.person('Frida');
    await t.request({ method: 'POST', url: `/api/bid-rounds/${roundId}/follow`, cookie: follower.cookie });
    const stranger = await h.person('Olav');
    const [toOwner, toA, toB, toFollower, toStranger, toVisitor] = await Promise.all([
      open(owner.cookie),
      open(a.cookie),
      open(b.cookie),
      open(follower.cookie),
      open(stranger.cookie),
      open(),
    ]);
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_700_000, { conditions: SECRET });
    const made = (e: RoundEvent) => e.roundId === roundId && e.change === 'counter-offer';
    const [ownerEvent, aEvent, bEvent, followerEvent, strangerEvent]: RoundEvent[] = await Promise.all(
      [toOwner, toA, toB, toFollower, toStranger].map((s) => s.next('round', made)),
    );

    expect(ownerEvent?.counterOffers).toEqual([
      expect.objectContaining({
        id: offer.id,
        recipientLabel: 'Arne Test',
        conditions: SECRET,
        amount: 4_700_000,
        status: 'open',
      }),
    ]);
    expect(aEvent?.counterOffers).toEqual([
      expect.objectContaining({ id: offer.id, recipientLabel: 'Du', isToMe: true, conditions: SECRET }),
    ]);
    for (const event of [bEvent, followerEvent])
      expect(event?.counterOffers).toEqual([
        expect.objectContaining({
          id: offer.id,
          recipientLabel: 'Budgiver A',
          isToMe: false,
          conditions: null,
          amount: 4_700_000,
          status: 'open',
        }),
      ]);
    // The same as the GET answers.
    expect(ownerEvent?.counterOffers).toEqual(await h.listOk(roundId, owner.cookie));
    expect(bEvent?.counterOffers).toEqual(await h.listOk(roundId, b.cookie));

    expect(strangerEvent?.counterOffers).toBeUndefined();
    expect(strangerEvent?.bids).toBeUndefined();
    // The seller is named on the round for everyone; the recipient and the terms are not.
    for (const s of [toB, toFollower, toStranger])
      expect(s.events.map((e) => e.raw).join('')).not.toMatch(
        new RegExp(`Arne|Hemmelig|${a.email}|\\${a.phone}`),
      );

    // A visitor is told nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(toVisitor.events.filter((e) => e.raw.includes(roundId))).toEqual([]);
  });

  it('a decline, a withdrawal and a lapse are each an event with the new status', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await h.setting();
    const [toOwner, toB] = await Promise.all([open(owner.cookie), open(b.cookie)]);
    const seenBy = async (s: EventStream, id: string, status: string) =>
      (
        (await s.next(
          'round',
          (e: RoundEvent) =>
            e.roundId === roundId &&
            e.change === 'counter-offer' &&
            !!e.counterOffers?.some((o) => o.id === id && o.status === status),
        )) as RoundEvent
      ).counterOffers?.find((o) => o.id === id);

    const declined = await h.createOk(roundId, owner.cookie, bidA.id, 4_500_000);
    expect((await h.answer(declined.id, 'decline', a.cookie)).statusCode).toBe(200);
    expect(await seenBy(toOwner, declined.id, 'declined')).toMatchObject({ recipientLabel: 'Arne Test' });
    expect(await seenBy(toB, declined.id, 'declined')).toMatchObject({ recipientLabel: 'Budgiver A' });

    const withdrawn = await h.createOk(roundId, owner.cookie, bidB.id, 5_500_000);
    expect((await h.withdraw(withdrawn.id, owner.cookie)).statusCode).toBe(200);
    expect(await seenBy(toB, withdrawn.id, 'withdrawn')).toMatchObject({ recipientLabel: 'Du' });

    const lapsing = await h.createOk(roundId, owner.cookie, bidA.id, 4_600_000);
    await h.passDeadline(lapsing.id);
    await h.runLapseJob(lapsing.id);
    expect(await seenBy(toOwner, lapsing.id, 'lapsed')).toMatchObject({ recipientLabel: 'Arne Test' });
    expect(await seenBy(toB, lapsing.id, 'lapsed')).toMatchObject({ recipientLabel: 'Budgiver A' });
  });

  it('an acceptance is the winner event: accepted for the participants, the round ended for a visitor', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    const offer = await h.createOk(roundId, owner.cookie, bidA.id, 4_700_000, { conditions: SECRET });
    const [toOwner, toA, toB, toVisitor] = await Promise.all([
      open(owner.cookie),
      open(a.cookie),
      open(b.cookie),
      open(),
    ]);
    const { bid } = (await h.answer(offer.id, 'accept', a.cookie)).json();
    const won = (e: RoundEvent) => e.roundId === roundId && e.change === 'winner';
    const [ownerEvent, aEvent, bEvent]: RoundEvent[] = await Promise.all(
      [toOwner, toA, toB].map((s) => s.next('round', won)),
    );
    expect(ownerEvent?.counterOffers?.[0]).toMatchObject({
      status: 'accepted',
      acceptedBidId: bid.id,
      recipientLabel: 'Arne Test',
    });
    expect(aEvent?.counterOffers?.[0]).toMatchObject({ status: 'accepted', recipientLabel: 'Du' });
    expect(bEvent?.counterOffers?.[0]).toMatchObject({
      status: 'accepted',
      recipientLabel: 'Budgiver A',
      conditions: null,
    });
    expect(bEvent?.round?.winningBidId).toBe(bid.id);
    const publicEvent = await toVisitor.next('public-round', (e) => e.roundId === roundId);
    expect(publicEvent).toEqual({ roundId, change: 'winner', round: null });
    expect(toVisitor.events.map((e) => e.raw).join('')).not.toMatch(/counterOffers|Arne|Hemmelig/);
    // Once accepted, the terms are those of the winning bid, which the bid list shows as for any bid.
    expect(bEvent?.bids?.bids.find((x) => x.id === bid.id)).toMatchObject({
      isWinner: true,
      bidderLabel: 'Budgiver A',
      conditions: SECRET,
    });
    expect(toB.events.map((e) => e.raw).join('')).not.toMatch(new RegExp(`Arne|${a.email}`));
  });
});
