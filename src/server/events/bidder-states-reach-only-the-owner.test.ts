import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coBidderHelpers, type Person } from '../../../tests/setup/co-bidders';
import { type EventStream, openEventStream } from '../../../tests/setup/event-stream';
import { placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { RoundEvent } from '../../shared/schemas/events';

// Decision 066: who was told of, saw or answered the highest bid is the owner's news alone. The owner's page
// hears of it live; no other bidder's stream carries even the moment it happened.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
let baseUrl: string;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function stream(who: Person): Promise<EventStream> {
  const s = await openEventStream(baseUrl, who.cookie);
  open.push(s);
  await s.next('hello');
  return s;
}

describe('the bidders’ states over the live stream', () => {
  it('reach the owner when a bidder answers, and no other bidder', async () => {
    const s = await h.setting();
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const [toOwner, toOla] = await Promise.all([stream(s.owner), stream(s.ola)]);
    const ofRound = (change: string) => (e: RoundEvent) => e.roundId === s.roundId && e.change === change;

    const res = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${s.roundId}/my-answer`,
      cookie: s.ingrid.cookie,
      payload: { answer: 'done' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Pushed, not polled: well inside the client's 5 s polling period.
    await toOwner.next('round', ofRound('bidder-states'), 3000);

    // A bid that everyone hears of, after the answer: Ola's stream has it, and nothing of the answer before.
    await placeBidOk(t, s.kari.cookie, s.roundId, 4_300_000);
    await toOla.next('round', ofRound('bid'), 3000);
    const heard = toOla.events.map((e) => (e.data as RoundEvent).change);
    expect(heard).not.toContain('bidder-states');
    expect(toOla.events.map((e) => e.raw).join('')).not.toContain('Ingrid');
  });
});
