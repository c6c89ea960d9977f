import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { formAroundGaps } from './round-acts';

// Decision 050: a bid's act is written by Node's canonicalJson with gaps for `at` and `party`, which the
// database fills under the round's lock (append_formed_bid_act, migration 0019). The chain must read exactly
// as before: each act's text is what canonical_json in SQL (decision 040's writer) makes of it, the hash is
// SHA-256(prev ‖ text), `at` is the bid's time and `party` the letter every bid list shows. A small storm
// (bidders bidding again and again, at once) then verifies as the admin and as the owner's export.

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_USER_PER_MIN: '0', RATE_LIMIT_ADDRESS_PER_MIN: '0' } });
});
afterAll(() => t.close());

describe('a bid act formed in Node', () => {
  it('leaves gaps only for at and party, in their sorted places', () => {
    const act = { v: 1, kind: 'bid', amount: 5, bidId: 'b', roundId: 'r', signature: { nonce: 'n', a: 'x' } };
    const formed = formAroundGaps(act);
    const filled = `${formed.beforeAt}"2026-01-02T03:04:05.678Z"${formed.beforeParty}"Budgiver AB"${formed.afterParty}`;
    expect(filled).toBe(canonicalJson({ ...act, at: '2026-01-02T03:04:05.678Z', party: 'Budgiver AB' }));
  });

  it('a stormed round: every act is SQL-canonical, hashed on its predecessor, with the bid time and letter', {
    timeout: 120_000,
  }, async () => {
    const admin = await signInAdmin(t);
    const owner = await signInVerified(t, 'selger-storm@example.no', { firstName: 'Siri' });
    const round = await createRoundAs(t, owner, { title: 'Stormhuset' });
    const bidders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signInVerified(t, `storm-${i}@example.no`, { firstName: `S${i}` })),
    );
    // Five waves in which every bidder bids at once; a bid overtaken under the lock is refused as too low.
    for (let wave = 0; wave < 5; wave++) {
      const answers = await Promise.all(
        bidders.map((cookie, i) => placeBid(t, cookie, round.id, 4_000_000 + (wave * 10 + i + 1) * 10_000)),
      );
      for (const answer of answers) expect([201, 400], answer.body).toContain(answer.statusCode);
    }

    const acts = rows<{ seq: number; prev_hash: string; hash: string; act: string; sql_text: string }>(
      await t.deps.db.execute(sql`select seq, prev_hash, hash, act, canonical_json(act::jsonb) as sql_text
        from round_acts where round_id = ${round.id}::uuid order by seq`),
    );
    const bids = rows<{ id: string; user_id: string; created_at: string | Date }>(
      await t.deps.db.execute(sql`select id, user_id, created_at from bids
        where bid_round_id = ${round.id}::uuid order by created_at, amount, id`),
    );
    expect(bids.length).toBeGreaterThan(bidders.length);
    const letterOf = new Map<string, string>();
    for (const bid of bids)
      if (!letterOf.has(bid.user_id))
        letterOf.set(bid.user_id, `Budgiver ${String.fromCharCode(65 + letterOf.size)}`);
    const bidById = new Map(bids.map((b) => [b.id, b]));

    let prev = '0'.repeat(64);
    for (const link of acts) {
      expect(link.act).toBe(link.sql_text);
      expect(link.act).toBe(canonicalJson(JSON.parse(link.act) as CanonicalValue));
      expect(link.prev_hash).toBe(prev);
      expect(link.hash).toBe(sha256(prev + link.act));
      prev = link.hash;
      const act = JSON.parse(link.act) as { kind: string; bidId?: string; at?: string; party?: string };
      if (act.kind !== 'bid') continue;
      const bid = bidById.get(act.bidId ?? '');
      expect(bid).toBeDefined();
      expect(act.at).toBe(new Date(bid?.created_at ?? 0).toISOString());
      expect(act.party).toBe(letterOf.get(bid?.user_id ?? ''));
    }
    expect(acts.filter((a) => JSON.parse(a.act).kind === 'bid')).toHaveLength(bids.length);

    const verified = await t.request({
      method: 'GET',
      url: `/api/admin/bid-rounds/${round.id}/journal/verify`,
      cookie: admin.cookie,
    });
    expect(verified.json()).toMatchObject({ ok: true, length: acts.length });
    const exported = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/journal/export`,
      cookie: owner,
    });
    expect(await verifyChainExport(exported.json())).toMatchObject({ ok: true, length: acts.length });
  });
});
