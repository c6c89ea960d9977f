import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { exportOf } from '../../../../tests/setup/chain-round';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { inHours, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { signatureOptionsFor } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';

// Decision 065: every bid says whether the buyer is a consumer or in business, taken from the profile's
// 'Jeg byr som' unless the bid says otherwise; a company's bid names the company and the signer's role. The
// owner sees it, the other bidders do not, and the chain commits to it without showing it.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

const company = { orgNumber: '923 609 016', name: 'Nordmann Eiendom AS', signerRole: 'daglig leder' };
const ownerBids = async (roundId: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie })).json();

describe('the buyer’s capacity', () => {
  it('takes the profile’s answer when the bid names none, and the bid’s own when it does', async () => {
    const s = await h.setting();
    const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie: s.ola.cookie });
    expect(me.json().buyerCapacity).toBe('forbruker');
    const first = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000);
    const profile = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie: s.ola.cookie,
      payload: { firstName: 'Ola', lastName: 'Nordmann', buyerCapacity: 'naeringsdrivende' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().buyerCapacity).toBe('naeringsdrivende');
    const second = await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const third = await placeBidOk(t, s.ola.cookie, s.roundId, 4_300_000, { buyerCapacity: 'forbruker' });
    const rows = await ownerBids(s.roundId, s.owner.cookie);
    const capacity = (id: string) => rows.find((b: { id: string }) => b.id === id)?.buyerCapacity;
    expect([capacity(first.id), capacity(second.id), capacity(third.id)]).toEqual([
      'forbruker',
      'naeringsdrivende',
      'forbruker',
    ]);
  });

  it('refuses an unknown capacity with 400 and places nothing', async () => {
    const s = await h.setting();
    const res = await placeBid(t, s.ola.cookie, s.roundId, 4_100_000, { buyerCapacity: 'investor' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Oppgi om du byr som forbruker eller som næringsdrivende');
    expect(await ownerBids(s.roundId, s.owner.cookie)).toEqual([]);
    const profile = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      cookie: s.ola.cookie,
      payload: { firstName: 'Ola', lastName: 'Nordmann', buyerCapacity: 'investor' },
    });
    expect(profile.statusCode).toBe(400);
  });

  it('is in the signed statement, with the company and the signer’s role', async () => {
    const s = await h.setting();
    await addPasskey(t, s.ola.cookie, newAuthenticator());
    const bid = { bidRoundId: s.roundId, amount: 4_100_000, bidDeadline: inHours(6) };
    const alone = await signatureOptionsFor(t, s.ola.cookie, bid);
    expect(alone.statement).toMatch(/^Jeg, Ola Nordmann, byr som forbruker 4 100 000 kr /);
    const forCompany = await signatureOptionsFor(t, s.ola.cookie, { ...bid, company });
    expect(forCompany.statement).toMatch(
      /^Jeg, Ola Nordmann, som daglig leder for Nordmann Eiendom AS \(org\.nr\. 923 609 016\), byr som næringsdrivende 4 100 000 kr /,
    );
  });
});

describe('a company bid', () => {
  it('names the company to the owner, always in business, and to no other bidder', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000, {
      company: { ...company, orgNumber: '923609016' },
      buyerCapacity: 'forbruker',
    });
    const row = (await ownerBids(s.roundId, s.owner.cookie)).find((b: { id: string }) => b.id === bid.id);
    expect(row).toMatchObject({
      buyerCapacity: 'naeringsdrivende',
      company: { orgNumber: '923609016', name: 'Nordmann Eiendom AS', signerRole: 'daglig leder' },
    });
    const { bids } = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${s.roundId}/bids`, cookie: s.ingrid.cookie })
    ).json();
    expect(bids[0]).toMatchObject({ bidderLabel: 'Budgiver A', company: null, buyerCapacity: null });
    expect(JSON.stringify(bids)).not.toContain('Nordmann Eiendom');
  });

  it.each([
    [{ ...company, orgNumber: '923609017' }, 'Ugyldig organisasjonsnummer'],
    [{ ...company, orgNumber: '12345' }, 'Ugyldig organisasjonsnummer'],
    [{ orgNumber: company.orgNumber, name: company.name }, 'Velg hvilken rolle du byr i for selskapet'],
    [{ ...company, signerRole: 'eier' }, 'Velg hvilken rolle du byr i for selskapet'],
    [{ ...company, name: ' ' }, 'Oppgi selskapets navn'],
  ])('refuses %j with 400 “%s” and places nothing', async (bad, message) => {
    const s = await h.setting();
    const res = await placeBid(t, s.ola.cookie, s.roundId, 4_100_000, { company: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await ownerBids(s.roundId, s.owner.cookie)).toEqual([]);
  });

  it('cannot be made together with co-bidders', async () => {
    const s = await h.together();
    const res = await placeBid(t, s.ola.cookie, s.roundId, 4_100_000, { company });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Et bud for et selskap kan ikke gis sammen med medbudgivere');
  });
});

describe('the chain', () => {
  it('holds the group’s acts and who buys only as salted hashes, and every reader’s copy verifies', async () => {
    const s = await h.together();
    await placeBidOk(t, s.kari.cookie, s.roundId, 4_100_000, { buyerCapacity: 'naeringsdrivende' });
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_200_000, { company });
    expect((await h.leave(s.roundId, s.kari)).statusCode).toBe(200);
    for (const reader of [s.owner, s.ingrid, s.ola]) {
      const exported = await exportOf(t, s.roundId, reader.cookie);
      expect(await verifyChainExport(exported)).toMatchObject({ ok: true });
      const kinds = exported.acts.map((l) => l.act.kind);
      expect(kinds).toEqual(
        expect.arrayContaining(['co-bidder-invited', 'co-bidder-accepted', 'co-bidder-left', 'bid']),
      );
      const open = JSON.stringify(exported.acts.map((l) => l.act));
      for (const word of ['Kari', 'Nordmann', 'naeringsdrivende', 'forbruker', '923609016', s.kari.email])
        expect(open).not.toContain(word);
    }
    const asIngrid = JSON.stringify(await exportOf(t, s.roundId, s.ingrid.cookie));
    expect(asIngrid).not.toContain('Kari');
    // The admin's check holds every bid row to its act: the group's and the company's terms match.
    const audit = await t.request({
      method: 'GET',
      url: `/api/admin/bid-rounds/${s.roundId}/journal/verify`,
      cookie: (await signInAdmin(t)).cookie,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toMatchObject({ ok: true });
  });
});
