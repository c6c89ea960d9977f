import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs, inHours } from '../../../../tests/setup/rounds';
import { bidBody, postBid, signatureFrom, signatureOptionsFor } from '../../../../tests/setup/signing';
import { FLAG_UP } from '../../../../tests/setup/software-authenticator';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { bids } from '../../db/schema';

let t: TestApp;
let owner: string;
let kari: string;
let ola: string;
let roundId: string;
let otherRoundId: string;
const kariKey = newAuthenticator();
const olaKey = newAuthenticator();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no');
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari' });
  ola = await signUp(t, 'ola@example.no', { firstName: 'Ola' });
  await addPasskey(t, kari, kariKey);
  await addPasskey(t, ola, olaKey);
  roundId = (await createRoundAs(t, owner)).id;
  otherRoundId = (await createRoundAs(t, owner, { title: 'Et annet hus' })).id;
});
afterAll(() => t.close());

const OTHER_WORDS = 'Signaturen gjelder ikke dette budet. Bekreft budet på nytt.';
const GONE = 'Forespørselen er utløpt eller allerede brukt. Prøv igjen.';

async function nothingStored() {
  expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId))).toEqual([]);
  const rows = await t.deps.db.execute(sql`select count(*)::int as n from bid_signatures`);
  expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
}

describe('a bid whose signature does not hold', () => {
  const signed = bidBody('', 4_100_000);
  it.each([
    ['another amount', { amount: 4_500_000 }],
    ['another acceptance deadline', { bidDeadline: inHours(30) }],
    ['other conditions', { conditions: 'Salg av egen bolig' }],
    ['another round', { bidRoundId: 'other' }],
  ])('is refused for %s than the words signed', async (_name, change) => {
    const bid = { ...signed, bidRoundId: roundId };
    const answer = await signatureOptionsFor(t, kari, bid);
    const posted = { ...bid, ...change };
    if (posted.bidRoundId === 'other') posted.bidRoundId = otherRoundId;
    const res = await postBid(t, kari, { ...posted, signature: signatureFrom(kariKey, answer) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(OTHER_WORDS);
    await nothingStored();
    expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, otherRoundId))).toEqual([]);
  });

  it('is refused when made with another user’s passkey', async () => {
    const bid = { ...signed, bidRoundId: roundId };
    const answer = await signatureOptionsFor(t, kari, bid);
    const res = await postBid(t, kari, { ...bid, signature: signatureFrom(olaKey, answer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Signaturen er ikke laget med en av dine passnøkler.');
    await nothingStored();
  });

  it('is refused when another user posts it, even with their own passkey', async () => {
    const bid = { ...signed, bidRoundId: roundId };
    const answer = await signatureOptionsFor(t, kari, bid);
    const res = await postBid(t, ola, { ...bid, signature: signatureFrom(olaKey, answer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GONE);
    await nothingStored();
  });

  it('is refused without user verification', async () => {
    const bid = { ...signed, bidRoundId: roundId };
    const answer = await signatureOptionsFor(t, kari, bid);
    const res = await postBid(t, kari, {
      ...bid,
      signature: signatureFrom(kariKey, answer, { flags: FLAG_UP }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Signaturen kunne ikke bekreftes. Prøv igjen.');
    await nothingStored();
  });

  it('is refused after five minutes, and a used challenge is refused the second time', async () => {
    const bid = { ...signed, bidRoundId: roundId };
    const late = await signatureOptionsFor(t, kari, bid);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await postBid(t, kari, { ...bid, signature: signatureFrom(kariKey, late) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(GONE);
    await nothingStored();

    const answer = await signatureOptionsFor(t, kari, bid);
    const signature = signatureFrom(kariKey, answer);
    expect((await postBid(t, kari, { ...bid, signature })).statusCode).toBe(201);
    const again = await postBid(t, kari, { ...bid, amount: 4_200_000, signature });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(GONE);
    expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId))).toHaveLength(1);
  });

  it('is refused when the passkey answered another challenge than the one named', async () => {
    const bid = { ...signed, bidRoundId: otherRoundId, amount: 5_000_000 };
    const first = await signatureOptionsFor(t, kari, bid);
    const second = await signatureOptionsFor(t, kari, bid);
    const response = kariKey.authenticate(second.options);
    const res = await postBid(t, kari, { ...bid, signature: { challengeId: first.challengeId, response } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTHER_WORDS);
    expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, otherRoundId))).toEqual([]);
  });
});
