import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actSigningHelpers } from '../../../../tests/setup/act-signing';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { canonicalJson } from '../../../shared/signing/canonical-json';

// Decision 041: the owner's 'Gi motbud', 'Avslå' and 'Velg som vinner', and the bidder's
// 'Aksepter motbud', each signed with a passkey over words and a canonical act, verified by the act's own
// call, and stored with the act.

let t: TestApp;
let h: ReturnType<typeof actSigningHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = actSigningHelpers(t);
});
afterAll(() => t.close());

const PLACE = 'for Avslagshuset, Avslagsveien 3, Oslo.';

/** The stored row's challenge is SHA-256(canonical act ‖ nonce), and the passkey answered that challenge. */
function expectConsistent(row: {
  canonicalAct: string;
  nonce: string;
  challenge: string;
  clientDataJson: string;
}) {
  const challenge = createHash('sha256')
    .update(Buffer.from(row.canonicalAct, 'utf8'))
    .update(Buffer.from(row.nonce, 'base64url'))
    .digest('base64url');
  expect(row.challenge).toBe(challenge);
  const clientData = JSON.parse(Buffer.from(row.clientDataJson, 'base64url').toString('utf8'));
  expect(clientData).toMatchObject({ type: 'webauthn.get', challenge });
}

/** The link of `kind` in the round's chain (decision 040), as the owner's export gives it. */
async function chainLink(roundId: string, cookie: string, kind: string) {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/export`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  const acts = (
    res.json() as {
      acts: { act: { kind: string; signature: unknown }; secret?: { salt: string; signature?: unknown } }[];
    }
  ).acts;
  return acts.find((a) => a.act.kind === kind);
}

/**
 * The act carries its signature sealed, and the owner's export holds the stored parts beside it, hashing with
 * the act's salt to the seal (decision 055).
 */
async function expectInChain(
  roundId: string,
  cookie: string,
  kind: string,
  row: Parameters<typeof chainSignature>[0],
) {
  const link = await chainLink(roundId, cookie, kind);
  expect(link?.secret?.signature).toEqual(chainSignature(row));
  const sealed = createHash('sha256')
    .update(`${link?.secret?.salt}${canonicalJson(chainSignature(row))}`, 'utf8')
    .digest('hex');
  expect(link?.act.signature).toEqual({ sealed });
}

/** The signature the chain carries is the stored one. */
const chainSignature = (row: {
  credentialId: string;
  publicKey: string;
  authenticatorData: string;
  clientDataJson: string;
  signature: string;
  nonce: string;
}) => ({
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  authenticatorData: row.authenticatorData,
  clientDataJSON: row.clientDataJson,
  signature: row.signature,
  nonce: row.nonce,
});

describe('every binding act signed with a passkey', () => {
  it('a counter-offer, a rejection and the acceptance are signed, verified and stored with their acts', async () => {
    const s = await h.signingSetting();
    const arneKey = newAuthenticator();
    await addPasskey(t, s.a.cookie, arneKey);

    // 'Gi motbud' to Arne (Budgiver A: he bid first).
    const offerAct = {
      act: 'counter-offer' as const,
      bidRoundId: s.roundId,
      counterOffer: h.counterOfferBody(s.bidA.id, 4_500_000, { deadline: '2099-01-01T11:00:00.000Z' }),
    };
    const offerOptions = await h.optionsFor(s.owner.cookie, offerAct);
    expect(offerOptions.statement).toBe(
      'Jeg, Selma Test, gir Budgiver A et motbud på 4 500 000 kr (fire millioner fem hundre tusen kroner) ' +
        `${PLACE} Fristen er 1. januar 2099 kl. 12:00. Forbehold: ingen.`,
    );
    expect(offerOptions.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    // The round ends in three days, so this deadline is refused by the act itself; a shorter one is signed.
    const offer = { ...offerAct, counterOffer: h.counterOfferBody(s.bidA.id, 4_500_000) };
    const made = await h.performSigned(s.owner.cookie, s.ownerKey, offer);
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().counterOffer.id as string;
    const [offerRow] = await h.storedFor(offerId);
    expect(offerRow).toMatchObject({ act: 'counter-offer', bidRoundId: s.roundId });
    expect(offerRow?.statement).toMatch(/^Jeg, Selma Test, gir Budgiver A et motbud på 4 500 000 kr/);
    expect(JSON.parse(offerRow?.canonicalAct ?? '')).toEqual({
      act: 'counter-offer',
      bidRoundId: s.roundId,
      bidId: s.bidA.id,
      amount: 4_500_000,
      deadline: new Date(offer.counterOffer.deadline).toISOString(),
      conditions: null,
    });
    if (offerRow) expectConsistent(offerRow);

    // 'Avslå' Berit's bid (Budgiver B), with a message.
    const rejection = {
      act: 'reject' as const,
      bidRoundId: s.roundId,
      bidId: s.bidB.id,
      rejection: { message: 'Vi venter på flere bud.' },
    };
    const rejectOptions = await h.optionsFor(s.owner.cookie, rejection);
    expect(rejectOptions.statement).toBe(
      'Jeg, Selma Test, avslår budet på 5 250 000 kr (fem millioner to hundre og femti tusen kroner) fra ' +
        `Budgiver B ${PLACE} Melding: «Vi venter på flere bud.»`,
    );
    const rejected = await h.performSigned(s.owner.cookie, s.ownerKey, rejection);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [rejectRow] = await h.storedFor(s.bidB.id);
    expect(rejectRow).toMatchObject({ act: 'reject', statement: rejectOptions.statement });
    expect(JSON.parse(rejectRow?.canonicalAct ?? '')).toMatchObject({
      amount: 5_250_000,
      message: 'Vi venter på flere bud.',
    });
    if (rejectRow) expectConsistent(rejectRow);

    // Arne accepts the counter-offer: binding, and signed.
    const acceptance = { act: 'accept-counter-offer' as const, counterOfferId: offerId };
    const acceptOptions = await h.optionsFor(s.a.cookie, acceptance);
    expect(acceptOptions.statement).toBe(
      'Jeg, Arne Test, aksepterer selgerens motbud på 4 500 000 kr (fire millioner fem hundre tusen kroner) ' +
        `${PLACE} Forbehold: ingen.`,
    );
    const accepted = await h.performSigned(s.a.cookie, arneKey, acceptance);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rows = await h.storedFor(offerId);
    const acceptRow = rows.find((r) => r.act === 'accept-counter-offer');
    expect(acceptRow).toMatchObject({ statement: acceptOptions.statement });
    expect(JSON.parse(acceptRow?.canonicalAct ?? '')).toMatchObject({
      act: 'accept-counter-offer',
      counterOfferId: offerId,
      amount: 4_500_000,
    });
    if (acceptRow) expectConsistent(acceptRow);
    expect((await h.round(s.roundId, s.owner.cookie)).isClosed).toBe(true);
    // Each act's entry in the round's chain carries its signature, sealed.
    const pairs = [
      ['counter-offer', offerRow],
      ['rejection', rejectRow],
      ['counter-offer-accepted', acceptRow],
    ] as const;
    for (const [kind, row] of pairs) {
      if (!row) throw new Error(`no ${kind} signature`);
      await expectInChain(s.roundId, s.owner.cookie, kind, row);
    }
  });

  it('’Velg som vinner’ is signed, verified and stored with the choice', async () => {
    const s = await h.signingSetting();
    const act = { act: 'winner' as const, bidRoundId: s.roundId, bidId: s.bidB.id };
    const answer = await h.optionsFor(s.owner.cookie, act);
    expect(answer.statement).toBe(
      'Jeg, Selma Test, aksepterer budet på 5 250 000 kr (fem millioner to hundre og femti tusen kroner) fra ' +
        `Budgiver B ${PLACE}`,
    );
    const chosen = await h.performSigned(s.owner.cookie, s.ownerKey, act);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().winner.amount).toBe(5_250_000);
    const [row] = await h.storedFor(s.bidB.id);
    expect(row).toMatchObject({ act: 'winner', statement: answer.statement, bidRoundId: s.roundId });
    expect(JSON.parse(row?.canonicalAct ?? '')).toEqual({
      act: 'winner',
      bidRoundId: s.roundId,
      bidId: s.bidB.id,
      amount: 5_250_000,
    });
    if (!row) throw new Error('no signature stored');
    expectConsistent(row);
    await expectInChain(s.roundId, s.owner.cookie, 'winner', row);
  });

  it('hands the options only to the party who signs: 403 for others, 404 for an unknown subject', async () => {
    const s = await h.signingSetting();
    const berit = newAuthenticator();
    await addPasskey(t, s.b.cookie, berit);
    const act = { act: 'winner' as const, bidRoundId: s.roundId, bidId: s.bidA.id };
    const other = await h.askOptions(s.b.cookie, act);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Bare selgeren kan signere valget av vinner');
    const unknown = await h.askOptions(s.owner.cookie, {
      ...act,
      bidId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const offer = await h.askOptions(s.owner.cookie, {
      act: 'accept-counter-offer',
      counterOfferId: '00000000-0000-4000-8000-000000000000',
    });
    expect(offer.statusCode).toBe(404);
    expect(offer.json().message).toBe('Motbudet ble ikke funnet');
  });
});
