import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidRoundView } from '../../../shared/schemas/bid-round';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const follow = (method: 'POST' | 'DELETE', id: string, cookie?: string) =>
  t.request({ method, url: `/api/bid-rounds/${id}/follow`, cookie });
const followStatus = async (id: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${id}/follow/status`, cookie })).json().isFollowing;
const setSms = (id: string, enabled: boolean, cookie: string) =>
  t.request({ method: 'PUT', url: `/api/bid-rounds/${id}/sms-notifications`, cookie, payload: { enabled } });

describe('on a closed round', () => {
  it("follow and unfollow answer 409 'Budrunden er allerede lukket' and change nothing", async () => {
    const seller = await signInVerified(t, 'selger-lukket@example.no');
    const follower = await signInVerified(t, 'folger@example.no');
    const stranger = await signInVerified(t, 'fremmed@example.no');
    const round = await createRoundAs(t, seller);
    expect((await follow('POST', round.id, follower)).statusCode).toBe(200);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });

    for (const [method, cookie, wasFollowing] of [
      ['DELETE', follower, true],
      ['POST', stranger, false],
    ] as const) {
      const res = await follow(method, round.id, cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Budrunden er allerede lukket');
      expect(await followStatus(round.id, cookie)).toBe(wasFollowing);
    }
  });

  it("the SMS switch answers 409 'Budrunden er allerede lukket', for the owner and an admin alike", async () => {
    const seller = await signInVerified(t, 'selger-sms@example.no');
    const round = await createRoundAs(t, seller);
    await t.request({ method: 'PUT', url: `/api/bid-rounds/${round.id}/close`, cookie: seller });
    for (const cookie of [seller, admin.cookie]) {
      const res = await setSms(round.id, false, cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Budrunden er allerede lukket');
    }
    const view = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: seller })
    ).json();
    expect((view as BidRoundView).smsNotificationsEnabled).toBe(true);
  });

  it('while the round is open, both still work', async () => {
    const seller = await signInVerified(t, 'selger-apen@example.no');
    const follower = await signInVerified(t, 'folger-apen@example.no');
    const round = await createRoundAs(t, seller);
    expect((await setSms(round.id, false, seller)).json()).toEqual({ enabled: false });
    expect((await follow('POST', round.id, follower)).json()).toEqual({ isFollowing: true });
    expect((await follow('DELETE', round.id, follower)).json()).toEqual({ isFollowing: false });
  });
});

describe('a visitor', () => {
  it("who tries to follow is told 'Innlogging påkrevd' (SPEC §6)", async () => {
    const seller = await signInVerified(t, 'selger-besok@example.no');
    const round = await createRoundAs(t, seller);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await follow(method, round.id);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Innlogging påkrevd');
    }
  });
});
