import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import {
  PEOPLE,
  startTestIssuer,
  type TestIssuer,
  walkToCallback,
} from '../../../../tests/setup/oidc-issuer';
import { createRoundAs, placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { findStatementFacts } from '../signatures/signatures.repository';

let issuer: TestIssuer;
let required: TestApp;
let optional: TestApp;
beforeAll(async () => {
  issuer = await startTestIssuer();
  required = await createTestApp({ env: { ...issuer.env, BID_IDENTITY: 'required' } });
  optional = await createTestApp({ env: { ...issuer.env, BID_IDENTITY: 'optional' } });
});
afterAll(async () => {
  await required.close();
  await optional.close();
  await issuer.close();
});

async function verify(t: TestApp, cookie: string, person = PEOPLE.ola) {
  const walk = await walkToCallback(t, '/api/identity/start', person, cookie);
  const back = await t.request({ method: 'GET', url: walk.callback, cookie: walk.appCookies });
  expect(back.headers.location).toBe('/?identitet=bekreftet');
}

describe('BID_IDENTITY=required', () => {
  it('refuses a round and a bid from an unverified account with 403, and takes them once verified', async () => {
    const t = required;
    const seller = await signInVerified(t, 'krevd.selger@example.no');
    const refusedRound = await t.request({
      method: 'POST',
      url: '/api/bid-round',
      cookie: seller,
      payload: { title: 'Hus', address: 'Veien 1, 0150 Oslo', startingPrice: 1_000_000 },
    });
    expect(refusedRound.statusCode).toBe(403);
    expect(refusedRound.json().message).toBe(
      'Du må bekrefte identiteten din med BankID før du kan opprette en budrunde',
    );
    await verify(t, seller, PEOPLE.kari);
    const round = await createRoundAs(t, seller);

    const bidder = await signInVerified(t, 'krevd.budgiver@example.no');
    const refused = await placeBid(t, bidder, round.id, 4_100_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du må bekrefte identiteten din med BankID før du kan by');
    const bids = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}/bids`, cookie: seller });
    expect(bids.json().bids).toHaveLength(0);
    await verify(t, bidder);
    const placed = await placeBid(t, bidder, round.id, 4_100_000);
    expect(placed.statusCode, placed.body).toBe(201);

    // The signed words name the verified person with their birth date.
    const user = (await t.request({ method: 'GET', url: '/api/auth/user', cookie: bidder })).json();
    const facts = await findStatementFacts(t.deps.db, round.id, user.id);
    expect(facts?.bidderName).toBe('Ola Nordmann (født 12.03.1985)');
    const config = (await t.request({ method: 'GET', url: '/api/config' })).json();
    expect(config.identity).toEqual({ mode: 'required', available: true, providerName: 'BankID' });
  });
});

describe('BID_IDENTITY=optional', () => {
  it('takes bids from everyone, and shows the owner who is verified', async () => {
    const t = optional;
    const seller = await signInVerified(t, 'valgfri.selger@example.no');
    const round = await createRoundAs(t, seller);
    const plain = await signInVerified(t, 'valgfri.uverifisert@example.no');
    const verified = await signInVerified(t, 'valgfri.verifisert@example.no');
    await verify(t, verified);
    expect((await placeBid(t, plain, round.id, 4_100_000)).statusCode).toBe(201);
    expect((await placeBid(t, verified, round.id, 4_200_000)).statusCode).toBe(201);
    const owner = await t.request({
      method: 'GET',
      url: `/api/owner/bid-rounds/${round.id}/bids`,
      cookie: seller,
    });
    const rows = owner.json() as {
      amount: number;
      bidderIdentityVerified: boolean;
      bidderPhoneVerified: boolean;
    }[];
    expect(rows.map((r) => [r.amount, r.bidderIdentityVerified, r.bidderPhoneVerified])).toEqual([
      [4_200_000, true, false],
      [4_100_000, false, false],
    ]);
  });
});

describe('BID_IDENTITY=off', () => {
  it('offers no verification, even with a provider configured', async () => {
    const t = await createTestApp({ env: { ...issuer.env, BID_IDENTITY: 'off' } });
    try {
      const cookie = await signInVerified(t, 'av.bruker@example.no');
      expect((await t.request({ method: 'GET', url: '/api/config' })).json().identity).toMatchObject({
        mode: 'off',
        available: false,
      });
      expect((await t.request({ method: 'GET', url: '/api/identity/start', cookie })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/api/identity/login' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
