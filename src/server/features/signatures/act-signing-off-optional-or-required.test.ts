import { afterAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { signInAdmin } from '../../../../tests/setup/admin';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { bidBody, placeSignedBid } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// BID_SIGNING for the acts of decision 041: with `optional` a party who has a passkey
// signs every binding act and is refused unsigned, naming the act; one without a passkey acts as before; an
// admin acting for the owner acts unsigned; `off` ignores signing; `required` refuses every unsigned act.

const apps: TestApp[] = [];
async function appWith(BID_SIGNING?: string) {
  const t = await createTestApp(BID_SIGNING ? { env: { BID_SIGNING } } : {});
  apps.push(t);
  return { t, h: actSigningHelpers(t) };
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

const acts = (roundId: string, bidA: string, bidB: string, h: ReturnType<typeof actSigningHelpers>) => ({
  offer: {
    act: 'counter-offer' as const,
    bidRoundId: roundId,
    counterOffer: h.counterOfferBody(bidA, 4_500_000),
  },
  reject: { act: 'reject' as const, bidRoundId: roundId, bidId: bidA, rejection: {} },
  winner: { act: 'winner' as const, bidRoundId: roundId, bidId: bidB },
});

describe('optional signing (the default)', () => {
  it('refuses each unsigned act of an owner who has a passkey, naming the act, and changes nothing', async () => {
    const { h } = await appWith();
    const s = await h.signingSetting();
    const a = acts(s.roundId, s.bidA.id, s.bidB.id, h);
    for (const [act, message] of [
      [a.offer, 'Motbudet må signeres med passnøkkel'],
      [a.reject, 'Avslaget må signeres med passnøkkel'],
      [a.winner, 'Valget av vinner må signeres med passnøkkel'],
    ] as const) {
      const res = await h.perform(s.owner.cookie, act);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await h.rowsOf(s.roundId)).toEqual([]);
    expect((await h.ownerBids(s.roundId, s.owner.cookie)).filter((b) => b.isRejected)).toEqual([]);
    expect((await h.round(s.roundId, s.owner.cookie)).isClosed).toBe(false);
  });

  it('refuses an unsigned acceptance from a bidder who has a passkey', async () => {
    const { t, h } = await appWith();
    const s = await h.setting();
    await addPasskey(t, s.a.cookie, newAuthenticator());
    const offer = await h.createOk(s.roundId, s.owner.cookie, s.bidA.id, 4_500_000);
    const res = await h.perform(s.a.cookie, { act: 'accept-counter-offer', counterOfferId: offer.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Aksepten av motbudet må signeres med passnøkkel');
    expect((await h.rowOf(offer.id))?.status).toBe('open');
  });

  it('lets an owner and a bidder without a passkey act unsigned, as before', async () => {
    const { h } = await appWith();
    const s = await h.setting();
    const a = acts(s.roundId, s.bidA.id, s.bidB.id, h);
    const made = await h.perform(s.owner.cookie, a.offer);
    expect(made.statusCode, made.body).toBe(201);
    expect((await h.perform(s.owner.cookie, a.reject)).statusCode).toBe(200);
    const accepted = await h.perform(s.a.cookie, {
      act: 'accept-counter-offer',
      counterOfferId: made.json().counterOffer.id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const other = await h.setting();
    expect(
      (await h.perform(other.owner.cookie, acts(other.roundId, other.bidA.id, other.bidB.id, h).winner))
        .statusCode,
    ).toBe(200);
    expect(await h.allStored()).toEqual([]);
  });

  it('lets an admin reject and choose the winner for an owner who has a passkey, unsigned: not a party', async () => {
    const { t, h } = await appWith();
    const { cookie: admin } = await signInAdmin(t);
    await addPasskey(t, admin, newAuthenticator());
    const s = await h.signingSetting();
    const a = acts(s.roundId, s.bidA.id, s.bidB.id, h);
    const options = await h.askOptions(admin, a.winner);
    expect(options.statusCode).toBe(403);
    expect(options.json().message).toBe('Bare selgeren kan signere valget av vinner');
    expect((await h.perform(admin, a.reject)).statusCode).toBe(200);
    expect((await h.perform(admin, a.winner)).statusCode).toBe(200);
    expect(await h.allStored()).toEqual([]);
  });
});

describe('signing off', () => {
  it('lets an owner with a passkey act unsigned, and hands out no options', async () => {
    const { h } = await appWith('off');
    const s = await h.signingSetting();
    const a = acts(s.roundId, s.bidA.id, s.bidB.id, h);
    expect((await h.askOptions(s.owner.cookie, a.winner)).statusCode).toBe(409);
    expect((await h.perform(s.owner.cookie, a.offer)).statusCode).toBe(201);
    expect((await h.perform(s.owner.cookie, a.winner)).statusCode).toBe(200);
    expect(await h.allStored()).toEqual([]);
  });
});

describe('signing required', () => {
  it('refuses an owner without a passkey, and takes the act signed', async () => {
    const { t, h } = await appWith('required');
    const owner = await h.person('Selma');
    const arne = await h.person('Arne');
    const arneKey = newAuthenticator();
    await addPasskey(t, arne.cookie, arneKey);
    const round = await createRoundAs(t, owner.cookie);
    const bid = await placeSignedBid(t, arne.cookie, arneKey, bidBody(round.id, 4_100_000));
    expect(bid.statusCode, bid.body).toBe(201);
    const offer = {
      act: 'counter-offer' as const,
      bidRoundId: round.id,
      counterOffer: h.counterOfferBody(bid.json().bid.id, 4_500_000),
    };
    const unsigned = await h.perform(owner.cookie, offer);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Motbudet må signeres med passnøkkel');
    expect(await h.rowsOf(round.id)).toEqual([]);
    const key = newAuthenticator();
    await addPasskey(t, owner.cookie, key);
    const signed = await h.performSigned(owner.cookie, key, offer);
    expect(signed.statusCode, signed.body).toBe(201);
    expect(await h.allStored()).toHaveLength(1);
  });
});
