import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { signInAdmin, userIdOf } from '../../../../tests/setup/admin';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { bidBody, postBid, signatureFrom, signatureOptionsFor } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';
import { passkeys } from '../../db/passkey-schema';
import { signatureChallenges } from '../../db/signature-schema';
import { findBidSignature } from './signatures.repository';

let t: TestApp;
let owner: string;
let kari: string;
let ola: string;
const authenticator = newAuthenticator();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari', lastName: 'Nordmann' });
  ola = await signUp(t, 'ola@example.no', { firstName: 'Ola', lastName: 'Hansen' });
  await addPasskey(t, kari, authenticator, 'Mobilen');
});
afterAll(() => t.close());

const get = async (cookie: string, url: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a bid signed with a passkey', () => {
  it('is offered as readable words and a challenge over the canonical act, for the bidder’s passkeys', async () => {
    const round = await createRoundAs(t, owner, {
      title: 'Lys 3-roms på Grünerløkka',
      address: 'Thorvald Meyers gate 10, 0555 Oslo',
    });
    const bid = bidBody(round.id, 5_250_000, { bidDeadline: '2026-11-25T19:00:00.000Z' });
    const answer = await signatureOptionsFor(t, kari, bid);
    expect(answer.statement).toBe(
      'Jeg, Kari Nordmann, byr som forbruker 5 250 000 kr (fem millioner to hundre og femti tusen kroner) for Lys 3-roms på ' +
        'Grünerløkka, Thorvald Meyers gate 10, 0555 Oslo. Akseptfrist: 25. november 2026 kl. 20:00. Forbehold: ingen.',
    );
    expect(answer.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const [own] = await t.deps.db.select().from(passkeys).where(eq(passkeys.name, 'Mobilen'));
    expect(answer.options.allowCredentials?.map((c) => c.id)).toEqual([own?.credentialId]);
    // challenge = base64url(SHA-256(canonical JSON of the act ‖ nonce)), the nonce the server's own.
    const [stored] = await t.deps.db
      .select()
      .from(signatureChallenges)
      .where(eq(signatureChallenges.id, answer.challengeId));
    const bidderId = await userIdOf(t, 'kari@example.no');
    const canonical =
      `{"act":"bid","amount":5250000,"bidDeadline":"2026-11-25T19:00:00.000Z","bidRoundId":"${round.id}",` +
      `"bidders":["${bidderId}"],"buyerCapacity":"forbruker","company":null,` +
      '"conditions":null,"financing":null,"takeoverDate":null}';
    const expected = createHash('sha256')
      .update(canonical)
      .update(Buffer.from(stored?.nonce ?? '', 'base64url'))
      .digest('base64url');
    expect(answer.options.challenge).toBe(expected);
    const inFive = t.clock.now().getTime() + 5 * 60_000;
    expect(Math.abs((stored?.expiresAt.getTime() ?? 0) - inFive)).toBeLessThan(1000);
  });

  it('is placed, stored with its proof, and marked signed in every view and the journal', async () => {
    const round = await createRoundAs(t, owner, { title: 'Signaturhuset', address: 'Storgata 5, 0155 Oslo' });
    const bid = bidBody(round.id, 4_100_000, { conditions: 'Salg av egen bolig' });
    const answer = await signatureOptionsFor(t, kari, bid);
    const signature = signatureFrom(authenticator, answer);
    const res = await postBid(t, kari, { ...bid, signature });
    expect(res.statusCode, res.body).toBe(201);
    const signedId: string = res.json().bid.id;
    expect(res.json().bid).toMatchObject({ amount: 4_100_000, isSigned: true });

    const row = await findBidSignature(t.deps.db, signedId);
    const [own] = await t.deps.db.select().from(passkeys).where(eq(passkeys.name, 'Mobilen'));
    expect(row).toMatchObject({
      statement: answer.statement,
      signature: signature.response.response.signature,
      authenticator_data: signature.response.response.authenticatorData,
      client_data_json: signature.response.response.clientDataJSON,
      credential_id: own?.credentialId,
      public_key: Buffer.from(own?.publicKey ?? []).toString('base64url'),
      challenge: answer.options.challenge,
    });
    expect(row?.canonical_act).toContain('"conditions":"Salg av egen bolig"');
    // Good once: the challenge is gone.
    const left = await t.deps.db
      .select()
      .from(signatureChallenges)
      .where(eq(signatureChallenges.id, answer.challengeId));
    expect(left).toEqual([]);

    const unsignedId = (await placeBidOk(t, ola, round.id, 4_200_000)).id;
    const signedOf = (list: { id: string; isSigned: boolean }[]) =>
      Object.fromEntries(list.map((b) => [b.id, b.isSigned]));
    const both = { [signedId]: true, [unsignedId]: false };
    expect(signedOf((await get(kari, `/api/bid-rounds/${round.id}/bids`)).bids)).toEqual(both);
    expect(signedOf(await get(owner, `/api/owner/bid-rounds/${round.id}/bids`))).toEqual(both);
    expect(signedOf(await get(kari, '/api/user/bids'))).toMatchObject({ [signedId]: true });
    expect(signedOf(await get(ola, '/api/user/bids'))).toMatchObject({ [unsignedId]: false });
    const admin = await signInAdmin(t);
    const kariId = await userIdOf(t, 'kari@example.no');
    expect(signedOf(await get(admin.cookie, `/api/admin/users/${kariId}/bids`))).toMatchObject({
      [signedId]: true,
    });

    const chosen = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/select-winner/${signedId}`,
      cookie: owner,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const journals = (await get(owner, '/api/user/bid-journals')) as JournalView[];
    const journal = journals.find((j) => j.bidRound.id === round.id);
    const marks = journal?.journalData.map((e) => [e.amount, e.isSigned]);
    expect(marks).toEqual([
      [4_200_000, false],
      [4_100_000, true],
    ]);
    const own2 = ((await get(kari, '/api/user/bid-journals')) as JournalView[]).find(
      (j) => j.bidRound.id === round.id,
    );
    expect(own2?.journalData.find((e) => e.isOwnBid)?.isSigned).toBe(true);
  });
});
