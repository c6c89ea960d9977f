import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOf } from '../../../../tests/setup/chain-round';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { inHours, placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { type SignatureOptionsAnswer, signatureFrom } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import type { OwnerBidView, RoundBids } from '../../../shared/schemas/bid';
import { recordLapsedConditions } from './conditions.service';

// Decision 066: a bid's conditions are typed ('Finansiering', 'Salg av egen bolig', 'Besiktigelse/tilstand',
// 'Annet') with an optional deadline; the bidder waives one with a signed act, and one whose deadline passes
// on the database's clock is recorded as run out. Both reach the chain and the seller.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
});
afterAll(() => t.close());

const typed = (until = inHours(3)) => [
  { kind: 'Finansiering', until },
  { kind: 'Salg av egen bolig', text: 'Leiligheten i Storgata 1' },
  { kind: 'Annet', text: 'Styregodkjenning' },
];
const waive = (bidId: string, index: number, cookie: string, payload: object = {}) =>
  t.request({ method: 'PUT', url: `/api/bids/${bidId}/conditions/${index}/waive`, cookie, payload });
const ownerBids = async (roundId: string, cookie: string) =>
  (
    await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie })
  ).json() as OwnerBidView[];
const roundBids = async (roundId: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/bids`, cookie })).json() as RoundBids;

describe('typed conditions', () => {
  it('are placed as a list, read back as items and as the readable text', async () => {
    const s = await h.setting();
    const until = inHours(3);
    const res = await placeBid(t, s.ola.cookie, s.roundId, 5_250_000, { conditions: typed(until) });
    expect(res.statusCode, res.body).toBe(201);
    const bid = res.json().bid;
    expect(bid.conditionItems).toEqual([
      { kind: 'Finansiering', text: null, until, state: 'active', waivedAt: null, lapsedAt: null },
      {
        kind: 'Salg av egen bolig',
        text: 'Leiligheten i Storgata 1',
        until: null,
        state: 'active',
        waivedAt: null,
        lapsedAt: null,
      },
      {
        kind: 'Annet',
        text: 'Styregodkjenning',
        until: null,
        state: 'active',
        waivedAt: null,
        lapsedAt: null,
      },
    ]);
    expect(bid.conditions).toMatch(
      /^Finansiering \(frist .+ kl\. \d\d:\d\d\)\nSalg av egen bolig: Leiligheten i Storgata 1\nStyregodkjenning$/,
    );
    const [own] = await ownerBids(s.roundId, s.owner.cookie);
    expect(own?.conditionItems).toEqual(bid.conditionItems);
    expect(own?.conditions).toBe(bid.conditions);
    // Every reader of the round sees the conditions, as they always saw the text.
    const seen = await roundBids(s.roundId, s.ingrid.cookie);
    expect(seen.bids[0]?.conditionItems).toEqual(bid.conditionItems);
  });

  it('reads a string as one Annet, in its own words, as before', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000, {
      conditions: 'Forbehold om finansiering.',
    });
    const [own] = await ownerBids(s.roundId, s.owner.cookie);
    expect(own?.id).toBe(bid.id);
    expect(own?.conditions).toBe('Forbehold om finansiering.');
    expect(own?.conditionItems).toEqual([
      {
        kind: 'Annet',
        text: 'Forbehold om finansiering.',
        until: null,
        state: 'active',
        waivedAt: null,
        lapsedAt: null,
      },
    ]);
    const none = await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_200_000);
    expect(
      (await ownerBids(s.roundId, s.owner.cookie)).find((b) => b.id === none.id)?.conditionItems,
    ).toEqual([]);
  });

  it('refuses an unknown kind, an Annet without words, a deadline past or after the acceptance deadline', async () => {
    const s = await h.setting();
    const cases: [unknown, string, string][] = [
      [[{ kind: 'Bank' }], 'conditions.0.kind', 'Velg hva slags forbehold'],
      [[{ kind: 'Annet' }], 'conditions.0.text', 'Beskriv forbeholdet'],
      [
        [{ kind: 'Finansiering', until: new Date(Date.now() - 60_000).toISOString() }],
        'conditions.0.until',
        'Fristen for forbeholdet kan ikke være passert',
      ],
      [
        [{ kind: 'Finansiering', until: inHours(9) }],
        'conditions.0.until',
        'Fristen for forbeholdet kan ikke være etter akseptfristen',
      ],
      [
        [{ kind: 'Finansiering', until: 'i morgen' }],
        'conditions.0.until',
        'Fristen for forbeholdet må være et tidspunkt',
      ],
    ];
    for (const [conditions, path, message] of cases) {
      const res = await placeBid(t, s.ola.cookie, s.roundId, 4_100_000, {
        conditions,
        bidDeadline: inHours(6),
      });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().errors.find((e: { path: string }) => e.path === path);
      expect(error?.message, res.body).toContain(message);
    }
    expect((await roundBids(s.roundId, s.owner.cookie)).bids).toEqual([]);
  });
});

describe('PUT /api/bids/{bidId}/conditions/{index}/waive', () => {
  it('waives one condition: its state, the chain, the seller told; refuses twice, others and unknowns', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 5_250_000, { conditions: typed() });
    await t.runJobs();
    const res = await waive(bid.id, 0, s.ola.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Forbeholdet er frafalt',
      condition: { kind: 'Finansiering', state: 'waived', lapsedAt: null },
    });
    const [own] = await ownerBids(s.roundId, s.owner.cookie);
    expect(own?.conditionItems.map((c) => c.state)).toEqual(['waived', 'active', 'active']);
    expect(own?.conditionItems[0]?.waivedAt).toBe(res.json().condition.waivedAt);

    await t.runJobs();
    const mail = (await t.mails(s.owner.email)).find((m) => m.subject.startsWith('Et forbehold er frafalt'));
    expect(mail?.subject).toBe('Et forbehold er frafalt: Fellesboligen');
    expect(mail?.text).toContain(
      'Budgiver A har frafalt forbeholdet om finansiering i budet på 5 250 000 kr',
    );
    expect(t.sms.sent.at(-1)?.text).toContain('Budgiver A har frafalt forbeholdet om finansiering');

    const exported = await exportOf(t, s.roundId, s.owner.cookie);
    expect(exported.acts.map((a) => a.act.kind)).toContain('condition-waived');
    expect((await verifyChainExport(exported)).ok).toBe(true);

    const twice = await waive(bid.id, 0, s.ola.cookie);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Forbeholdet er allerede frafalt']);
    const other = await waive(bid.id, 1, s.ingrid.cookie);
    expect([other.statusCode, other.json().message]).toEqual([
      403,
      'Bare budgiveren kan frafalle forbeholdene i budet',
    ]);
    const seller = await waive(bid.id, 1, s.owner.cookie);
    expect(seller.statusCode).toBe(403);
    const missing = await waive(bid.id, 7, s.ola.cookie);
    expect([missing.statusCode, missing.json().message]).toEqual([
      404,
      'Forbeholdet ble ikke funnet i budet',
    ]);
    const unknown = await waive('00000000-0000-4000-8000-000000000000', 0, s.ola.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await ownerBids(s.roundId, s.owner.cookie))[0]?.conditionItems.map((c) => c.state)).toEqual([
      'waived',
      'active',
      'active',
    ]);
  });

  it('refuses a bid that no longer binds: rejected', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 5_250_000, { conditions: typed() });
    const rejected = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${s.roundId}/bids/${bid.id}/reject`,
      cookie: s.owner.cookie,
      payload: {},
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const res = await waive(bid.id, 0, s.ola.cookie);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Budet gjelder ikke lenger. Forbeholdene i det kan ikke frafalles.',
    ]);
  });

  it('is signed with the statement word for word when the bidder has a passkey', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 5_250_000, { conditions: typed() });
    const key = newAuthenticator();
    await addPasskey(t, s.ola.cookie, key);
    const options = await t.request({
      method: 'POST',
      url: '/api/signatures/options',
      cookie: s.ola.cookie,
      payload: { act: 'condition-waive', bidId: bid.id, index: 0 },
    });
    expect(options.statusCode, options.body).toBe(200);
    const answer = options.json() as SignatureOptionsAnswer;
    expect(answer.statement).toBe(
      'Jeg, Ola Nordmann, frafaller forbeholdet om finansiering i budet på 5 250 000 kr.',
    );
    const res = await waive(bid.id, 0, s.ola.cookie, { signature: signatureFrom(key, answer) });
    expect(res.statusCode, res.body).toBe(200);
    const exported = await exportOf(t, s.roundId, s.ola.cookie);
    const act = exported.acts.find((a) => a.act.kind === 'condition-waived');
    expect(act?.secret?.statement).toBe(answer.statement);
    expect((await verifyChainExport(exported)).ok).toBe(true);
  });
});

describe('a condition whose deadline passes', () => {
  it('lapses by the database’s clock: the state, the chain at the deadline, the seller told, once', async () => {
    const s = await h.setting();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 5_250_000, { conditions: typed() });
    await t.deps.db.execute(
      sql`update bid_conditions set until = clock_timestamp() - interval '1 minute' where bid_id = ${bid.id} and position = 0`,
    );
    const [own] = await ownerBids(s.roundId, s.owner.cookie);
    const lapsed = own?.conditionItems[0];
    expect(lapsed).toMatchObject({ state: 'lapsed', waivedAt: null });
    expect(lapsed?.lapsedAt).toBe(lapsed?.until);

    expect(await recordLapsedConditions(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await recordLapsedConditions(t.deps)).toBe(0);
    await t.runJobs();
    const mail = (await t.mails(s.owner.email)).find((m) => m.subject.startsWith('Et forbehold har gått ut'));
    expect(mail?.subject).toBe('Et forbehold har gått ut: Fellesboligen');
    expect(mail?.text).toContain(
      'Forbeholdet om finansiering i budet på 5 250 000 kr fra Budgiver A gikk ut',
    );
    const exported = await exportOf(t, s.roundId, s.owner.cookie);
    const act = exported.acts.find((a) => a.act.kind === 'condition-lapsed');
    expect(act?.act.at).toBe(lapsed?.lapsedAt);
    expect((await verifyChainExport(exported)).ok).toBe(true);

    const late = await waive(bid.id, 0, s.ola.cookie);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'Fristen for forbeholdet har gått ut. Det kan ikke frafalles.',
    ]);
  });
});
