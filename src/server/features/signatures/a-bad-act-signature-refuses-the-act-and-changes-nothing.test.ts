import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { signatureFrom } from '../../../../tests/setup/signing';
import { FLAG_UP } from '../../../../tests/setup/software-authenticator';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

// Bad input for the acts of decision 041: a signature for other words, by another
// user's passkey, used twice, too late, or without user verification is refused with 400 and a Norwegian
// reason, and the act changes nothing: no counter-offer, rejection, winner or acceptance, no stored row.

let t: TestApp;
let h: ReturnType<typeof actSigningHelpers>;
let s: Awaited<ReturnType<ReturnType<typeof actSigningHelpers>['signingSetting']>>;
const arneKey = newAuthenticator();
const beritKey = newAuthenticator();
beforeAll(async () => {
  t = await createTestApp();
  h = actSigningHelpers(t);
  s = await h.signingSetting();
  await addPasskey(t, s.a.cookie, arneKey);
  await addPasskey(t, s.b.cookie, beritKey);
});
afterAll(() => t.close());

const OTHER_ACT = 'Signaturen gjelder ikke denne handlingen. Bekreft på nytt.';
const GONE = 'Forespørselen er utløpt eller allerede brukt. Prøv igjen.';
const NOT_YOURS = 'Signaturen er ikke laget med en av dine passnøkler.';
const NOT_VERIFIED = 'Signaturen kunne ikke bekreftes. Prøv igjen.';

/** Nothing of the owner's answers happened: the round open, no bid rejected, no counter-offer, no signature. */
async function nothingChanged() {
  expect((await h.round(s.roundId, s.owner.cookie)).isClosed).toBe(false);
  const bids = await h.ownerBids(s.roundId, s.owner.cookie);
  expect(bids.filter((b) => b.isRejected)).toEqual([]);
  expect(await h.rowsOf(s.roundId)).toEqual([]);
  expect(await h.allStored()).toEqual([]);
}

const winner = (bidId: string) => ({ act: 'winner' as const, bidRoundId: s.roundId, bidId });
const reject = (bidId: string, message: string | null = null) => ({
  act: 'reject' as const,
  bidRoundId: s.roundId,
  bidId,
  rejection: { message },
});
const offer = (amount: number) => ({
  act: 'counter-offer' as const,
  bidRoundId: s.roundId,
  counterOffer: h.counterOfferBody(s.bidA.id, amount),
});

describe('an owner’s act whose signature does not hold', () => {
  it.each([
    ['a counter-offer of another amount', () => [offer(4_500_000), offer(4_600_000)]],
    ['a winner of another bid', () => [winner(s.bidA.id), winner(s.bidB.id)]],
    ['a rejection of another bid', () => [reject(s.bidA.id), reject(s.bidB.id)]],
    ['a rejection with other words', () => [reject(s.bidA.id, 'Nei takk'), reject(s.bidA.id, 'Ja takk')]],
    ['another act on the same bid', () => [reject(s.bidB.id), winner(s.bidB.id)]],
  ])('is refused for %s than signed', async (_name, acts) => {
    const [signed, posted] = acts();
    if (!signed || !posted) throw new Error('two acts');
    const res = await h.performSigned(s.owner.cookie, s.ownerKey, signed, posted);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(OTHER_ACT);
    await nothingChanged();
  });

  it('is refused when made with another user’s passkey', async () => {
    const res = await h.performSigned(s.owner.cookie, arneKey, winner(s.bidB.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_YOURS);
    await nothingChanged();
  });

  it('is refused without user verification', async () => {
    const res = await h.performSigned(s.owner.cookie, s.ownerKey, reject(s.bidA.id), undefined, {
      flags: FLAG_UP,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_VERIFIED);
    await nothingChanged();
  });

  it('is refused after five minutes', async () => {
    const answer = await h.optionsFor(s.owner.cookie, winner(s.bidB.id));
    t.clock.advance(5 * 60_000 + 1000);
    const res = await h.perform(s.owner.cookie, winner(s.bidB.id), signatureFrom(s.ownerKey, answer));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GONE);
    await nothingChanged();
  });
});

describe('a bidder’s acceptance, and a signature used twice', () => {
  it('is refused with another user’s passkey, without user verification, or by another user', async () => {
    const made = await h.performSigned(s.owner.cookie, s.ownerKey, offer(4_400_000));
    expect(made.statusCode, made.body).toBe(201);
    const counterOfferId = made.json().counterOffer.id as string;
    const acceptance = { act: 'accept-counter-offer' as const, counterOfferId };

    const other = await h.performSigned(s.a.cookie, beritKey, acceptance);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(NOT_YOURS);
    const lazy = await h.performSigned(s.a.cookie, arneKey, acceptance, acceptance, { flags: FLAG_UP });
    expect(lazy.statusCode).toBe(400);
    expect(lazy.json().message).toBe(NOT_VERIFIED);
    // Berit is not the party: the acceptance refuses her as before, whatever she signed.
    const answer = await h.optionsFor(s.a.cookie, acceptance);
    const stolen = await h.perform(s.b.cookie, acceptance, signatureFrom(beritKey, answer));
    expect(stolen.statusCode).toBe(403);
    expect((await h.round(s.roundId, s.owner.cookie)).isClosed).toBe(false);
    expect((await h.rowOf(counterOfferId))?.status).toBe('open');
    expect((await h.storedFor(counterOfferId)).map((r) => r.act)).toEqual(['counter-offer']);
  });

  it('is refused the second time', async () => {
    const act = offer(4_450_000);
    const signature = signatureFrom(s.ownerKey, await h.optionsFor(s.owner.cookie, act));
    const first = await h.perform(s.owner.cookie, act, signature);
    expect(first.statusCode, first.body).toBe(201);
    const reused = await h.perform(s.owner.cookie, act, signature);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(GONE);
    expect((await h.rowsOf(s.roundId)).map((r) => r.amount)).toEqual([4_400_000, 4_450_000]);
    expect(await h.allStored()).toHaveLength(2);
  });
});
