import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { bidBody, placeSignedBid, signatureOptionsFor } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signatureChallenges } from '../../db/signature-schema';
import { findBidSignature } from './signatures.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a signed bid of a deleted account', () => {
  it('keeps its signature, and its statement names “Slettet bruker” instead of the bidder', async () => {
    const owner = await signUp(t, 'selger@example.no');
    const kari = await signUp(t, 'kari@example.no', { firstName: 'Kari', lastName: 'Nordmann' });
    const key = newAuthenticator();
    await addPasskey(t, kari, key);
    const round = await createRoundAs(t, owner, { title: 'Slettehuset' });
    const res = await placeSignedBid(t, kari, key, bidBody(round.id, 4_100_000));
    expect(res.statusCode, res.body).toBe(201);
    const bidId: string = res.json().bid.id;
    await signatureOptionsFor(t, kari, bidBody(round.id, 4_200_000));
    const before = await findBidSignature(t.deps.db, bidId);
    expect(before?.statement).toMatch(/^Jeg, Kari Nordmann, byr som forbruker 4 100 000 kr/);

    // A binding bid holds the account back: the seller rejects it first.
    const reject = { method: 'PUT' as const, url: `/api/bid-rounds/${round.id}/bids/${bidId}/reject` };
    expect((await t.request({ ...reject, cookie: owner, payload: {} })).statusCode).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: kari });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await findBidSignature(t.deps.db, bidId);
    expect(after?.statement).toBe(
      String(before?.statement).replace('Jeg, Kari Nordmann, byr', 'Jeg, Slettet bruker, byr'),
    );
    expect(after?.statement).not.toContain('Kari');
    // The passkey went with the account; its public key stays in the row, so the signature can still be checked.
    expect(after?.passkey_id).toBeNull();
    expect({ ...after, statement: '', passkey_id: null }).toEqual({
      ...before,
      statement: '',
      passkey_id: null,
    });
    expect(await t.deps.db.select().from(signatureChallenges)).toEqual([]);
  });
});
