import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { type EventStream, openEventStream } from '../../../../tests/setup/event-stream';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  signup,
  viewingOn,
} from '../../../../tests/setup/viewings';
import type { RoundEvent } from '../../../shared/schemas/events';

// Decision 045: the owner's 'Visningsliste (n)' is asked again when a 'followers' event comes. Signing
// up sends one (it follows the round too); signing off must as well, or the count stays too high.

let t: TestApp;
let baseUrl: string;
let toOwner: EventStream | undefined;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  toOwner?.close();
  await t.close();
});

describe('the viewing list over the live stream', () => {
  it('tells the owner when someone signs up and when they sign off again', async () => {
    const owner = await signInVerified(t, 'eier-liveliste@example.no');
    const kari = await signInVerified(t, 'kari-liveliste@example.no');
    const round = await createRoundAs(t, owner, { title: 'Livehuset', deadline: LATE_DEADLINE });
    const viewing = await addViewingOk(t, owner, round.id, viewingOn(osloDayAhead(20)));
    const stream = await openEventStream(baseUrl, owner);
    toOwner = stream;
    await stream.next('hello');
    const listEvents = () =>
      stream.events
        .filter((e) => e.name === 'round')
        .map((e) => e.data as RoundEvent)
        .filter((e) => e.roundId === round.id && e.change === 'followers');

    expect((await signup(t, 'POST', kari, round.id, viewing.id)).statusCode).toBe(200);
    await stream.next('round', () => listEvents().length >= 1);
    expect(listEvents()).toHaveLength(1);
    expect((await signup(t, 'DELETE', kari, round.id, viewing.id)).statusCode).toBe(200);
    await stream.next('round', () => listEvents().length >= 2);
    expect(listEvents()).toHaveLength(2);
  });
});
