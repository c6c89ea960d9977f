import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Decision 065: once Kari accepts Ola's invitation, a bid by either is the group's. Every member sees it as
// theirs, the owner sees every member, and every other bidder sees one 'Budgiver A'.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });

describe('a bidder group', () => {
  it('is invited with 201 and the invitation is on the invitee’s list and in their mail', async () => {
    const s = await h.setting();
    const res = await h.invite(s.roundId, s.ola, s.kari.email);
    expect(res.statusCode, res.body).toBe(201);
    const { invitation } = res.json();
    expect(invitation).toEqual({ id: expect.any(String), state: 'invited' });
    await t.runJobs();
    const mail = (await t.mails(s.kari.email)).at(-1);
    expect(mail?.subject).toBe('Ola Nordmann vil by sammen med deg på Fellesboligen');
    expect(mail?.text).toContain(`/budrunder/${s.roundId}`);
    const asKari = (await h.list(s.roundId, s.kari)).json();
    expect(asKari.invitations).toEqual([
      expect.objectContaining({
        id: invitation.id,
        state: 'invited',
        invitedBy: 'Ola Nordmann',
        members: ['Ola Nordmann'],
      }),
    ]);
    const asOla = (await h.list(s.roundId, s.ola)).json();
    expect(asOla.members.map((m: { name: string; state: string }) => [m.name, m.state])).toEqual([
      ['Ola Nordmann', 'accepted'],
      ['Kari Nordmann', 'invited'],
    ]);
  });

  it('bids as one: both members see “Du”, the owner sees both names, Ingrid one “Budgiver A”', async () => {
    const s = await h.together();
    const byKari = await placeBidOk(t, s.kari.cookie, s.roundId, 4_100_000);
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_200_000);
    const byOla = await placeBidOk(t, s.ola.cookie, s.roundId, 4_300_000);

    for (const member of [s.ola, s.kari]) {
      const { bids } = (await get(`/api/bid-rounds/${s.roundId}/bids`, member.cookie)).json();
      const own = bids.filter((b: { isOwnBid: boolean }) => b.isOwnBid).map((b: { id: string }) => b.id);
      expect(own.sort()).toEqual([byKari.id, byOla.id].sort());
      expect(bids.find((b: { id: string }) => b.id === byKari.id)).toMatchObject({
        bidderLabel: 'Du',
        buyerCapacity: 'forbruker',
        bidders: ['Ola Nordmann', 'Kari Nordmann'],
      });
      const mine = (await get('/api/user/bids', member.cookie)).json();
      expect(mine.map((b: { id: string }) => b.id).sort()).toEqual([byKari.id, byOla.id].sort());
    }

    const { bids } = (await get(`/api/bid-rounds/${s.roundId}/bids`, s.ingrid.cookie)).json();
    const labels = bids
      .filter((b: { isOwnBid: boolean }) => !b.isOwnBid)
      .map((b: { bidderLabel: string }) => b.bidderLabel);
    expect(labels).toEqual(['Budgiver A', 'Budgiver A']);
    for (const b of bids.filter((x: { isOwnBid: boolean }) => !x.isOwnBid))
      expect(b).toMatchObject({ buyerCapacity: null, company: null, bidders: [] });
    expect(JSON.stringify(bids)).not.toContain('Kari');
    expect((await h.list(s.roundId, s.ingrid)).statusCode).toBe(403);

    const owner = (await get(`/api/owner/bid-rounds/${s.roundId}/bids`, s.owner.cookie)).json();
    const group = owner.find((b: { id: string }) => b.id === byKari.id);
    expect(group.user).toMatchObject({ firstName: 'Ola', lastName: 'Nordmann' });
    expect(group.coBidders).toEqual([
      expect.objectContaining({ name: 'Kari Nordmann', email: s.kari.email }),
    ]);
    expect(group.placedBy).toBe('Kari Nordmann');
    const list = (await h.list(s.roundId, s.owner)).json();
    expect(list.groups).toHaveLength(1);
    expect(list.members.map((m: { name: string }) => m.name)).toEqual(['Ola Nordmann', 'Kari Nordmann']);
  });

  it('signs the power of attorney in the issue’s words, and names both in the bid’s statement', async () => {
    const s = await h.setting();
    await t.request({ method: 'PUT', url: '/api/user/profile', cookie: s.kari.cookie, payload: {} });
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    // Without a passkey signing is optional: the statement is still what a passkey would sign.
    const options = await t.request({
      method: 'POST',
      url: '/api/signatures/options',
      cookie: s.kari.cookie,
      payload: { act: 'co-bidder-accept', invitationId: invitation.id },
    });
    expect(options.statusCode).toBe(409);
    expect((await h.answer(invitation.id, s.kari, 'accept')).statusCode).toBe(200);
    const bid = await placeBid(t, s.ola.cookie, s.roundId, 4_100_000, { buyerCapacity: 'naeringsdrivende' });
    expect(bid.statusCode, bid.body).toBe(201);
    expect(bid.json().bid).toMatchObject({
      buyerCapacity: 'naeringsdrivende',
      bidders: ['Ola Nordmann', 'Kari Nordmann'],
    });
  });
});
