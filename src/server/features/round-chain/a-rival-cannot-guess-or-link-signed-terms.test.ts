import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { exportOf } from '../../../../tests/setup/chain-round';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { bidBody, placeSignedBid } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import { canonicalJson } from '../../../shared/signing/canonical-json';
import { canonicalBidAct } from '../signatures/bid-act';

// Decision 055: what a reader sees of another bidder's signed act lets them neither test guesses of its
// terms (the nonce and the signature's parts are sealed) nor link the signer's acts from one round to the
// next (no credential id or public key in the open). The guesses are the probe's: 40 equity amounts, 4
// banks, 30 takeover days and 2 ways to write 'no conditions', 9,600 in all.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const AMOUNT = 4_100_000;
const LENDERS = ['DNB', 'Nordea', 'SpareBank 1', 'Handelsbanken'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Every string in `value`, and every string inside those that are base64url JSON (client data). */
function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    into.add(value);
    try {
      const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
      if (decoded && typeof decoded === 'object') stringsIn(decoded, into);
    } catch {
      // Not base64url JSON.
    }
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, into);
  return into;
}

/**
 * The probe: every plan of the guess space, written as the signed act is (the format is in our source), is
 * tried against every value of the export that could be a nonce (as the challenge the passkey answered) or a
 * salt (as the salted hash of the terms). Returns the guesses that matched.
 */
function guessesThatMatch(
  exported: ChainExport,
  bid: { roundId: string; bidDeadline: string; bidderId: string },
) {
  // The strongest rival: one who even knows the bidder's account id, which the signed act names.
  const buyer = {
    partyId: bid.bidderId,
    placedBy: bid.bidderId,
    capacity: 'forbruker' as const,
    company: null,
    group: null,
    bidders: [
      { userId: bid.bidderId, firstName: '', lastName: '', birthDate: null, identityVerifiedAt: null },
    ],
  };
  const seen = stringsIn(exported);
  const nonces = [...seen].filter((s) => /^[A-Za-z0-9_-]{43}$/.test(s));
  const salts = [...seen].filter((s) => /^[0-9a-f]{64}$/.test(s));
  const matches: string[] = [];
  for (let e = 1; e <= 40; e++) {
    const equity = e * 100_000;
    for (const lender of LENDERS)
      for (let d = 30; d < 60; d++)
        for (const conditions of [null, '']) {
          const plan = { equity, loan: AMOUNT - equity, lender };
          const guess = { conditions, financing: plan, takeoverDate: day(d) };
          const signed = canonicalBidAct(
            {
              bidRoundId: bid.roundId,
              amount: AMOUNT,
              bidDeadline: new Date(bid.bidDeadline),
              ...guess,
            },
            buyer,
          );
          const terms = canonicalJson({ conditions, financing: plan, takeoverDate: day(d) });
          const hit =
            nonces.some((nonce) =>
              seen.has(
                createHash('sha256')
                  .update(signed, 'utf8')
                  .update(Buffer.from(nonce, 'base64url'))
                  .digest('base64url'),
              ),
            ) || salts.some((salt) => seen.has(sha256(salt + terms).toString('hex')));
          if (hit) matches.push(JSON.stringify(guess));
        }
  }
  return matches;
}

async function person(email: string) {
  return signUp(t, email, { firstName: email.split('@')[0] });
}

describe('a rival bidder with the chain export', () => {
  it('finds no match for another bidder’s signed plan over 9,600 guesses; the seller’s copy does', async () => {
    const owner = await person('selger@example.no');
    const arne = await person('arne@example.no');
    const berit = await person('berit@example.no');
    const key = newAuthenticator();
    await addPasskey(t, arne, key);
    const round = await createRoundAs(t, owner, { title: 'Gjettehuset' });
    const plan = { conditions: '', financing: { equity: 1_300_000, loan: 2_800_000, lender: 'Nordea' } };
    const body = bidBody(round.id, AMOUNT, { ...plan, takeoverDate: day(44) });
    const signed = await placeSignedBid(t, arne, key, body);
    expect(signed.statusCode, signed.body).toBe(201);
    await placeBidOk(t, berit, round.id, AMOUNT + 100_000);

    const asBerit = await exportOf(t, round.id, berit);
    const asOwner = await exportOf(t, round.id, owner);
    const bidderId = String(asOwner.acts.find((l) => l.act.amount === AMOUNT)?.secret?.userId);
    const bid = { roundId: round.id, bidDeadline: String(body.bidDeadline), bidderId };
    expect(guessesThatMatch(asBerit, bid)).toEqual([]);
    // Berit sees that Arne's act is signed, and her copy still verifies.
    const arnesAct = asBerit.acts.find((l) => l.act.kind === 'bid' && l.act.amount === AMOUNT);
    expect(arnesAct?.act.signature).toEqual({ sealed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verifyChainExport(asBerit)).toMatchObject({ ok: true, checked: { sealed: 1 } });

    // The same probe on the owner's copy, who may read Arne's terms, finds exactly his plan: the probe works.
    // ('' and null for no conditions may both match: the signed act and the terms write it their own way.)
    const found = guessesThatMatch(asOwner, bid).map((g) => JSON.parse(g));
    expect(found.length).toBeGreaterThan(0);
    for (const guess of found)
      expect(guess).toMatchObject({ financing: plan.financing, takeoverDate: day(44) });
  });

  it('cannot link one bidder’s signed acts in two rounds: no value of them repeats', async () => {
    const arne = await person('arne2@example.no');
    const carl = await person('carl@example.no');
    const key = newAuthenticator();
    await addPasskey(t, arne, key);
    const valuesOfArne = async (title: string) => {
      const owner = await person(`eier-${title.toLowerCase()}@example.no`);
      const round = await createRoundAs(t, owner, { title });
      const signed = await placeSignedBid(t, arne, key, bidBody(round.id, AMOUNT));
      expect(signed.statusCode, signed.body).toBe(201);
      await placeBidOk(t, carl, round.id, AMOUNT + 100_000);
      const asCarl = await exportOf(t, round.id, carl);
      const arnes = asCarl.acts.find((l) => l.act.kind === 'bid' && l.act.amount === AMOUNT);
      expect(arnes?.act.signature).toEqual({ sealed: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const values = [...stringsIn(arnes?.act)].filter(
        (s) => s.length >= 16 && Number.isNaN(Date.parse(s)) && s !== round.id,
      );
      return new Set(values);
    };
    const first = await valuesOfArne('Forstehuset');
    const second = await valuesOfArne('Andrehuset');
    expect([...first].filter((v) => second.has(v))).toEqual([]);
  });
});
