import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { type EventStream, openEventStream } from '../../../tests/setup/event-stream';
import { createRoundAs, placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { FollowerView } from '../../shared/schemas/bid-round';
import type { RoundEvent } from '../../shared/schemas/events';

let t: TestApp;
let baseUrl: string;
const open: EventStream[] = [];

async function stream(cookie: string): Promise<EventStream> {
  const s = await openEventStream(baseUrl, cookie);
  open.push(s);
  await s.next('hello');
  return s;
}

const follow = (cookie: string, roundId: string, on: boolean) =>
  t.request({ method: on ? 'POST' : 'DELETE', url: `/api/bid-rounds/${roundId}/follow`, cookie });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('the follower list over the live stream', () => {
  it('reaches the owner when someone follows or unfollows, as GET .../followers answers, and nobody else', async () => {
    const owner = await signUp(t, 'eier-folger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
    const bidder = await signUp(t, 'budgiver-folger@example.no', { firstName: 'Anna', lastName: 'Alfa' });
    const stranger = await signUp(t, 'fremmed-folger@example.no', { firstName: 'Olav', lastName: 'Utenfor' });
    const fan = await signUp(t, 'hemmelig.folger@example.no', {
      firstName: 'Fridtjof',
      lastName: 'Følgesen',
    });
    const round = await createRoundAs(t, owner, { title: 'Følgerhuset' });
    await placeBidOk(t, bidder, round.id, 4_000_000);
    const [toOwner, toBidder, toStranger, toFan] = await Promise.all([
      stream(owner),
      stream(bidder),
      stream(stranger),
      stream(fan),
    ]);
    const emailsIn = (e: RoundEvent) => e.followers?.map((f) => f.user.email) ?? [];
    const followersOf = (e: RoundEvent) => e.roundId === round.id && e.followers !== undefined;
    const fanEmail = 'hemmelig.folger@example.no';

    expect((await follow(fan, round.id, true)).statusCode).toBe(200);
    // Pushed, not polled: well inside the client's 5 s polling period.
    const followed: RoundEvent = await toOwner.next(
      'round',
      // The follow's own event: a round event of another change (a bid's, published late) may carry the
      // new list too, as the unfollow below is matched.
      (e: RoundEvent) => followersOf(e) && e.change === 'followers' && emailsIn(e).includes(fanEmail),
      3000,
    );
    expect(followed.change).toBe('followers');
    const listed = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/followers`,
      cookie: owner,
    });
    expect(followed.followers).toEqual(listed.json() as FollowerView[]);
    // The bidder follows since their bid; the new follower comes last, with what the owner's list shows.
    expect(followed.followers?.map((f) => f.user)).toEqual([
      { firstName: 'Anna', lastName: 'Alfa', email: 'budgiver-folger@example.no' },
      { firstName: 'Fridtjof', lastName: 'Følgesen', email: fanEmail },
    ]);

    expect((await follow(fan, round.id, false)).statusCode).toBe(200);
    const unfollowed: RoundEvent = await toOwner.next(
      'round',
      (e: RoundEvent) => followersOf(e) && e.change === 'followers' && !emailsIn(e).includes(fanEmail),
      3000,
    );
    expect(emailsIn(unfollowed)).toEqual(['budgiver-folger@example.no']);

    // Someone who bids follows the round from then on: the owner's list gains them with the bid.
    const newcomer = await signUp(t, 'ny-budgiver@example.no', { firstName: 'Nils', lastName: 'Ny' });
    await placeBidOk(t, newcomer, round.id, 4_050_000);
    await toOwner.next(
      'round',
      (e: RoundEvent) => followersOf(e) && emailsIn(e).includes('ny-budgiver@example.no'),
      3000,
    );

    // A bid that comes after tells the others; by then any follower event would have reached them too.
    const later = await placeBidOk(t, bidder, round.id, 4_100_000);
    for (const s of [toBidder, toStranger, toFan])
      await s.next('round', (e: RoundEvent) => e.bidId === later.id, 3000);
    for (const s of [toBidder, toStranger, toFan]) {
      const events = s.events.filter((e) => e.name === 'round').map((e) => e.data as RoundEvent);
      expect(events.filter((e) => e.change === 'followers' || e.followers !== undefined)).toEqual([]);
      for (const e of s.events) expect(e.raw).not.toMatch(/Fridtjof|Følgesen|hemmelig\.folger/);
    }
  });
});
