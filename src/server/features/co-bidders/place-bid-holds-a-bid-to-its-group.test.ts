import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../tests/setup/admin';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { MIN_ACCEPTANCE_MINUTES } from '../../../shared/rules/bids';
import { findGroupOfMember } from '../../db/bidder-groups';
import { bids } from '../../db/schema';
import { databaseNow } from '../../db/time';
import { EVENT_CHANNEL } from '../../events/bus-event';
import { bidPlacedJob } from '../bids/bid-notifications';
import { type BidToPlace, placeBidUnderLock } from '../bids/place-bids.repository';

// Decision 065, under the round's lock: place_bid places a bid only for the members it was formed for. A bid
// formed for one person alone (the process believed the round had no groups) is not placed for someone who
// is in a group now, nor a group's bid formed before its members changed.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

async function formed(roundId: string, userId: string, buyer: BidToPlace['buyer'], amount: number) {
  const now = await databaseNow(t.deps.db);
  const id = randomUUID();
  return {
    id,
    bidRoundId: roundId,
    userId,
    buyer,
    amount,
    conditions: null,
    bidDeadline: new Date(now.getTime() + 2 * 3_600_000),
    financingProofId: null,
    minAcceptanceMinutes: MIN_ACCEPTANCE_MINUTES,
    job: bidPlacedJob(id),
    event: { channel: EVENT_CHANNEL, payload: JSON.stringify({ type: 'round', roundId, change: 'bid' }) },
  } satisfies BidToPlace;
}

const alone = (placedBy: string) => ({
  placedBy,
  buyerCapacity: 'forbruker',
  companyOrgNumber: null,
  companyName: null,
  companySignerRole: null,
  groupId: null,
  groupVersion: null,
  coBidderIds: [],
});

describe('place_bid and a bidder group', () => {
  it('does not place a bid formed for one person alone by a member of a group', async () => {
    const s = await h.together();
    const kari = await userIdOf(t, s.kari.email);
    const bid = await formed(s.roundId, kari, alone(kari), 4_100_000);
    expect((await placeBidUnderLock(t.deps.db, bid)).placedAt).toBeNull();
    expect(await t.deps.db.select().from(bids).where(eq(bids.id, bid.id))).toHaveLength(0);
  });

  it('does not place a group’s bid formed before its members changed, and places one formed after', async () => {
    const s = await h.together();
    const [ola, kari] = [await userIdOf(t, s.ola.email), await userIdOf(t, s.kari.email)];
    const group = await findGroupOfMember(t.deps.db, s.roundId, ola);
    if (!group) throw new Error('no group');
    const asGroup = (version: number) => ({
      ...alone(ola),
      groupId: group.id,
      groupVersion: version,
      coBidderIds: [kari],
    });
    const stale = await formed(s.roundId, ola, asGroup(group.version - 1), 4_100_000);
    expect((await placeBidUnderLock(t.deps.db, stale)).placedAt).toBeNull();
    const current = await formed(s.roundId, ola, asGroup(group.version), 4_100_000);
    expect((await placeBidUnderLock(t.deps.db, current)).placedAt).not.toBeNull();
  });

  it('through the API: after a member leaves, the next bid binds only those still in', async () => {
    const s = await h.together();
    // Ola bids for both; then Kari leaves, and Ola's next bid is his alone.
    await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000);
    expect((await h.leave(s.roundId, s.kari)).statusCode).toBe(200);
    const next = await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, next.id));
    expect(row?.coBidderIds).toEqual([]);
  });

  it('a round known to have no groups is read again once a group forms in it', async () => {
    const s = await h.setting();
    // Ingrid's bid lets this process remember the round as one without groups.
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    expect((await h.answer(invitation.id, s.kari, 'accept')).statusCode).toBe(200);
    const byKari = await placeBidOk(t, s.kari.cookie, s.roundId, 4_200_000);
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, byKari.id));
    expect(row?.userId).toBe(await userIdOf(t, s.ola.email));
    expect(row?.coBidderIds).toEqual([await userIdOf(t, s.kari.email)]);
  });
});
