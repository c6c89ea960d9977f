import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { bidBody, postBid, signatureFrom, signatureOptionsFor } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { findBidSignature } from './signatures.repository';

// Decision 059: the statement a bidder signs, and the receipt mailed back, hold the whole bid: the financing
// plan and the takeover day when given, and conditions that end with a full stop get no second one.

let t: TestApp;
let kari: string;
let roundId: string;
const authenticator = newAuthenticator();
const PLAN =
  'Finansiering: egenkapital 1 500 000 kr, lån 6 000 000 kr i DNB. Ønsket overtakelse: 15. januar 2027.';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  kari = await signUp(t, 'kari@example.no', { firstName: 'Kari', lastName: 'Nordmann' });
  await addPasskey(t, kari, authenticator, 'Mobilen');
  roundId = (await createRoundAs(t, owner, { title: 'Helhuset', address: 'Helveien 7, 0150 Oslo' })).id;
});
afterAll(() => t.close());

const planned = (overrides: Record<string, unknown> = {}) =>
  bidBody(roundId, 7_500_000, {
    conditions: 'Forbehold om finansiering.',
    financing: { equity: 1_500_000, loan: 6_000_000, lender: 'DNB' },
    takeoverDate: '2027-01-15',
    ...overrides,
  });

describe('the words a bidder signs', () => {
  it('name the plan and the takeover day after the conditions, with one full stop each', async () => {
    const answer = await signatureOptionsFor(t, kari, planned());
    expect(answer.statement).toMatch(
      /^Jeg, Kari Nordmann, byr som forbruker 7 500 000 kr \(sju millioner fem hundre tusen kroner\) for Helhuset, Helveien 7, 0150 Oslo\. Akseptfrist: .+\. Forbehold: Forbehold om finansiering\. /,
    );
    expect(answer.statement.endsWith(` Forbehold: Forbehold om finansiering. ${PLAN}`)).toBe(true);
    expect(answer.statement).not.toContain('..');
  });

  it('leave out the lender without one, and each sentence the bid does not give', async () => {
    const noLender = await signatureOptionsFor(
      t,
      kari,
      planned({ financing: { equity: 1_500_000, loan: 6_000_000, lender: null }, takeoverDate: null }),
    );
    expect(noLender.statement).toMatch(/ Finansiering: egenkapital 1 500 000 kr, lån 6 000 000 kr\.$/);
    const dayOnly = await signatureOptionsFor(t, kari, planned({ financing: null }));
    expect(dayOnly.statement).toMatch(/Forbehold om finansiering\. Ønsket overtakelse: 15\. januar 2027\.$/);
    const neither = await signatureOptionsFor(t, kari, planned({ financing: null, takeoverDate: null }));
    expect(neither.statement).toMatch(/ Forbehold: Forbehold om finansiering\.$/);
  });

  it('are the words stored with the signed bid, and the receipt mail says the same', async () => {
    const bid = planned();
    const answer = await signatureOptionsFor(t, kari, bid);
    const placed = await postBid(t, kari, { ...bid, signature: signatureFrom(authenticator, answer) });
    expect(placed.statusCode, placed.body).toBe(201);
    const bidId = (placed.json() as { bid: { id: string } }).bid.id;
    expect((await findBidSignature(t.deps.db, bidId))?.statement).toBe(answer.statement);

    await t.runJobs();
    const receipt = (await t.mails('kari@example.no')).find((m) =>
      m.subject.startsWith('Kvittering for bud'),
    );
    expect(receipt?.text).toContain('Forbehold: Forbehold om finansiering.');
    expect(receipt?.text).toContain(PLAN);
    expect(receipt?.text).not.toContain('..');
  });
});
