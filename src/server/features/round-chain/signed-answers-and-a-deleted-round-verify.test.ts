import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { signInAdmin } from '../../../../tests/setup/admin';
import { exportOf, sameHead, seqOf } from '../../../../tests/setup/chain-round';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';

// Decisions 040 and 042: the owner's signed rejection and counter-offer and the bidder's signed
// acceptance (decision 041) verify in the chain like a signed bid, for the owner and for the bidder; and a
// round an admin deleted still verifies, its rows gone and 'deleted' its last act.

let t: TestApp;
let h: ReturnType<typeof actSigningHelpers>;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  h = actSigningHelpers(t);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const adminVerify = async (roundId: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/bid-rounds/${roundId}/journal/verify`,
    cookie: admin.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('signed answers and a deleted round in the chain', () => {
  it('a signed rejection, counter-offer and acceptance verify for the owner, the bidder and the admin', async () => {
    const s = await h.signingSetting();
    const beritsKey = newAuthenticator();
    await addPasskey(t, s.b.cookie, beritsKey);
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
      counterOffer: h.counterOfferBody(s.bidB.id, 5_400_000, { conditions: 'Uten forbehold' }),
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offerId: string = offered.json().counterOffer.id;
    const accepted = await h.performSigned(s.b.cookie, beritsKey, {
      act: 'accept-counter-offer',
      counterOfferId: offerId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const asOwner = await exportOf(t, s.roundId, s.owner.cookie);
    const signedKinds = asOwner.acts.filter((l) => l.act.signature).map((l) => l.act.kind);
    expect(signedKinds).toEqual(['rejection', 'counter-offer', 'counter-offer-accepted']);
    expect(await verifyChainExport(asOwner)).toMatchObject({ ok: true, checked: { signatures: 3 } });
    const asBerit = await exportOf(t, s.roundId, s.b.cookie);
    const berit = await verifyChainExport(asBerit);
    // The rejection of Arne's bid is not Berit's to read: she sees its signature sealed (decision 055).
    expect(berit).toMatchObject({ ok: true, checked: { signatures: 2, sealed: 1 } });
    expect(berit.own).toEqual([
      seqOf(asBerit, 'bid', s.bidB.id),
      seqOf(asBerit, 'counter-offer'),
      seqOf(asBerit, 'counter-offer-accepted'),
    ]);
    expect(await adminVerify(s.roundId)).toEqual({
      ok: true,
      length: asOwner.acts.length,
      head: sameHead(asOwner.head),
    });

    // The counter-offer changed to 5 300 000 in the file fails at that act.
    const seq = seqOf(asOwner, 'counter-offer');
    const copy = structuredClone(asOwner);
    const forged = copy.acts[seq - 1];
    if (forged) forged.act.amount = 5_300_000;
    expect(await verifyChainExport(copy)).toMatchObject({ ok: false, brokenAt: seq });
  });

  it('a round an admin deleted: its rows are gone, its chain ends with the deletion, and it verifies', async () => {
    const s = await h.setting();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/bid-rounds/${s.roundId}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const chain = await exportOf(t, s.roundId, admin.cookie);
    expect(chain.acts.at(-1)?.act.kind).toBe('deleted');
    expect(await verifyChainExport(chain)).toMatchObject({ ok: true });
    expect(await adminVerify(s.roundId)).toEqual({
      ok: true,
      length: chain.acts.length,
      head: sameHead(chain.head),
    });
  });
});
