import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { sameHead } from '../../../../tests/setup/chain-round';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { GENESIS_HASH } from '../../../shared/record/round-act';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';

// Decision 040: every act of a round is a link of its chain, each act's answer names
// its link, and the export shows every participant the same acts, with the secrets only where they may.

let t: TestApp;
let h: CounterOfferHelpers;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function exportAs(roundId: string, cookie: string | null) {
  return t.request({
    method: 'GET',
    url: `/api/bid-rounds/${roundId}/journal/export`,
    ...(cookie ? { cookie } : {}),
  });
}
async function chainOf(roundId: string, cookie: string): Promise<ChainExport> {
  const res = await exportAs(roundId, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Recomputes every link as an outsider would, from the export alone. */
function expectWhole(chain: ChainExport) {
  let prev = GENESIS_HASH;
  chain.acts.forEach((link, i) => {
    expect(link.seq).toBe(i + 1);
    expect(link.prevHash).toBe(prev);
    expect(link.hash).toBe(sha256(prev + canonicalJson(link.act as CanonicalValue)));
    prev = link.hash;
  });
  expect(chain.head).toEqual(sameHead(chain.acts.length ? { seq: chain.acts.length, hash: prev } : null));
}

describe('the round’s chain', () => {
  it('records every act in order, and each answer names its link', async () => {
    const { owner, a, b, roundId, bidA, bidB } = await h.setting();
    const rejected = await h.reject(roundId, bidA.id, owner.cookie, 'For lavt.');
    const offer = await h.create(roundId, owner.cookie, {
      bidId: bidB.id,
      amount: 5_400_000,
      deadline: inTwoHours(),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const declined = await h.answer(offer.json().counterOffer.id, 'decline', b.cookie);
    const price = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/starting-bid`,
      cookie: owner.cookie,
      payload: { newStartingBid: 3_000_000 },
    });
    const winner = await h.selectWinner(roundId, bidB.id, owner.cookie);
    expect(winner.statusCode, winner.body).toBe(200);

    const chain = await chainOf(roundId, owner.cookie);
    expectWhole(chain);
    expect(chain.acts.map((l) => l.act.kind)).toEqual([
      'opened',
      'bid',
      'bid',
      'rejection',
      'counter-offer',
      'counter-offer-declined',
      'starting-price',
      'winner',
      'closed',
      'journals',
    ]);
    const linkOf = (kind: string) => {
      const link = chain.acts.find((l) => l.act.kind === kind);
      return { seq: link?.seq, hash: link?.hash };
    };
    for (const [res, kind] of [
      [rejected, 'rejection'],
      [offer, 'counter-offer'],
      [declined, 'counter-offer-declined'],
      [price, 'starting-price'],
      [winner, 'winner'],
    ] as const)
      expect(res.json(), kind).toMatchObject(linkOf(kind));

    // Pseudonyms as the bid lists give them; people only as commitments; amounts as whole kroner.
    const [, first, second, rejection] = chain.acts;
    expect(first?.act).toMatchObject({ kind: 'bid', bidId: bidA.id, party: 'Budgiver A', amount: 4_100_000 });
    expect(second?.act).toMatchObject({
      kind: 'bid',
      bidId: bidB.id,
      party: 'Budgiver B',
      amount: 5_250_000,
    });
    expect(rejection?.act).toMatchObject({
      kind: 'rejection',
      party: 'Budgiver A',
      message: expect.any(String),
    });
    const text = JSON.stringify(chain.acts.map((l) => l.act));
    for (const secret of ['Arne', 'Berit', 'For lavt.', a.email]) expect(text).not.toContain(secret);

    // The owner reads every secret: the commitments open to the bidders' ids.
    const secret = first?.secret;
    expect(secret?.name).toBe('Arne Test');
    expect(first?.act.bidder).toBe(sha256(`${secret?.salt}${secret?.userId}`));
    expect(rejection?.secret?.message).toBe('For lavt.');
    expect(rejection?.act.message).toBe(sha256(`${rejection?.secret?.salt}For lavt.`));
  });

  it('shows each bidder the same links, with only their own secrets; others are refused', async () => {
    const { owner, a, b, roundId } = await h.setting();
    const ownerCopy = await chainOf(roundId, owner.cookie);
    const arnes = await chainOf(roundId, a.cookie);
    const admins = await chainOf(roundId, admin.cookie);
    for (const copy of [arnes, admins]) {
      expect(copy.head).toEqual(sameHead(ownerCopy.head));
      expect(copy.acts.map((l) => l.act)).toEqual(ownerCopy.acts.map((l) => l.act));
    }
    expect(arnes.reader.role).toBe('bidder');
    expect(arnes.acts.filter((l) => l.secret).map((l) => l.act.party)).toEqual(['Budgiver A']);
    expect(admins.acts.filter((l) => l.secret)).toHaveLength(2);
    expect(typeof arnes.acts[1]?.act.amount).toBe('number');

    const stranger = await h.person('Stine');
    expect((await exportAs(roundId, stranger.cookie)).statusCode).toBe(403);
    expect((await exportAs(roundId, null)).statusCode).toBe(401);
    expect((await exportAs('00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);
    expect(b.cookie).toBeTruthy();
  });

  it('the bid’s answer and its receipt mail name its link', async () => {
    const { a, roundId } = await h.setting();
    const res = await placeBid(t, a.cookie, roundId, 6_000_000);
    expect(res.statusCode, res.body).toBe(201);
    const { seq, hash } = res.json();
    const chain = await chainOf(roundId, a.cookie);
    expect(chain.head).toEqual(sameHead({ seq, hash }));
    expect(chain.acts.at(-1)?.act).toMatchObject({
      kind: 'bid',
      bidId: res.json().bid.id,
      party: 'Budgiver A',
    });
    await t.runJobs();
    const receipt = (await t.mails(a.email)).find((m) => m.text.includes(hash));
    expect(receipt?.text).toContain(`handling nr. ${seq}`);
  });

  it('a deleted account is anonymised in the chain, which stays whole', async () => {
    const { owner, a, b, roundId, bidA } = await h.setting();
    await h.reject(roundId, bidA.id, owner.cookie);
    const del = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: a.cookie });
    expect(del.statusCode, del.body).toBe(200);
    const chain = await chainOf(roundId, owner.cookie);
    expectWhole(chain);
    expect(chain.acts.at(-1)?.act).toMatchObject({ kind: 'anonymised', party: 'Budgiver A' });
    const aboutArne = chain.acts.filter((l) => l.act.party === 'Budgiver A');
    expect(aboutArne.length).toBeGreaterThan(1);
    for (const link of aboutArne) expect(link.secret?.userId ?? null).toBeNull();
    expect(JSON.stringify(chain)).not.toContain('Arne');
    expect(b.cookie).toBeTruthy();
  });
});

function inTwoHours() {
  return new Date(Date.now() + 2 * 3_600_000).toISOString();
}

describe('the deciding act’s receipts', () => {
  it('the seller’s and the accepting bidder’s mails name the link of the act that decided the round', async () => {
    const { owner, roundId, bidB } = await h.setting();
    const winner = await h.selectWinner(roundId, bidB.id, owner.cookie);
    await t.runJobs();
    const sellers = (await t.mails(owner.email)).find((m) => m.subject.startsWith('Du har akseptert et bud'));
    expect(sellers?.text).toContain(`handling nr. ${winner.json().seq}, hash ${winner.json().hash}`);

    const other = await h.setting();
    const offer = await h.createOk(other.roundId, other.owner.cookie, other.bidB.id, 5_500_000);
    const accepted = await h.answer(offer.id, 'accept', other.b.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.runJobs();
    const bidders = (await t.mails(other.b.email)).find((m) =>
      m.subject.startsWith('Du har akseptert motbudet'),
    );
    expect(bidders?.text).toContain(`handling nr. ${accepted.json().seq}, hash ${accepted.json().hash}`);
  });
});
