import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { exportOf } from '../../../../tests/setup/chain-round';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';

// Decisions 040 and 041: a deleted person is named in no statement of any act afterwards, on any side of
// the round. The owner's signed rejection and counter-offer are kept with the bidder they concern; their
// statements name the owner, and must go from the bidder's export when the owner's account is deleted,
// as a bidder's own statements go when theirs is. The chain still verifies.

let t: TestApp;
let h: ReturnType<typeof actSigningHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = actSigningHelpers(t);
});
afterAll(() => t.close());

describe('a deleted seller', () => {
  it('is named in no statement of the bidders’ exports, which still verify', async () => {
    const s = await h.signingSetting();
    const rejected = await h.performSigned(s.owner.cookie, s.ownerKey, {
      act: 'reject',
      bidRoundId: s.roundId,
      bidId: s.bidA.id,
      rejection: { message: 'For lavt' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const offered = await h.performSigned(s.owner.cookie, s.ownerKey, {
      act: 'counter-offer',
      bidRoundId: s.roundId,
      counterOffer: h.counterOfferBody(s.bidB.id, 5_400_000),
    });
    expect(offered.statusCode, offered.body).toBe(201);

    // Before: Arne's export holds the owner's signed statement about his bid, naming her.
    const before = JSON.stringify(await exportOf(t, s.roundId, s.a.cookie));
    expect(before).toContain('Selma Test');

    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: s.owner.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const reader of [s.a, s.b]) {
      const exported = await exportOf(t, s.roundId, reader.cookie);
      expect(JSON.stringify(exported)).not.toContain('Selma');
      const verified = await verifyChainExport(exported);
      expect(verified, JSON.stringify(verified)).toMatchObject({ ok: true });
    }
  });
});
