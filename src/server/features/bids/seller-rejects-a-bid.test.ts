import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, signInAdmin, userIdOf } from '../../../../tests/setup/admin';
import { aChainLink } from '../../../../tests/setup/chain-link';
import { type RejectionHelpers, rejectionHelpers } from '../../../../tests/setup/rejections';
import { inHours, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { BidView, UserBidView } from '../../../shared/schemas/bid';
import { bids } from '../../db/schema';

// Decision 034: the seller rejects a live bid in writing (avslag). A rejected bid no longer binds,
// counts, sets the floor or can be chosen, like a lapsed one; every reader sees 'Avslått', only its bidder,
// the owner and admins read the seller's message. What is told and recorded of it:
// a-rejection-is-told-and-recorded.test.ts.

let t: TestApp;
let admin: { id: string; cookie: string };
let person: RejectionHelpers['person'];
let reject: RejectionHelpers['reject'];
let roundBids: RejectionHelpers['roundBids'];
let ownerBids: RejectionHelpers['ownerBids'];
let round: RejectionHelpers['round'];
let setting: RejectionHelpers['setting'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  ({ person, reject, roundBids, ownerBids, round, setting } = rejectionHelpers(t));
});
afterAll(() => t.close());

describe('rejecting a bid', () => {
  it('the owner rejects the highest bid: 200, the bid no longer counts, sets the floor or can be chosen', async () => {
    const { owner, b, a, roundId, bidA, bidB } = await setting();
    const res = await reject(roundId, bidB.id, owner.cookie, 'Vi venter på flere bud.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Budet er avslått',
      ...aChainLink(),
    });

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
});
