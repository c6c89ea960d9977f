import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, userIdOf } from '../../../../tests/setup/admin';
import { createRoundAs, placeBid } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import { MIN_ACCEPTANCE_MINUTES } from '../../../shared/rules/bids';
import { bids } from '../../db/schema';
import { databaseNow } from '../../db/time';
import { EVENT_CHANNEL } from '../../events/bus-event';
import { bidActFor } from '../round-chain/round-acts';
import { placeBatch } from './bid-batches';
import { bidPlacedJob } from './bid-notifications';
import { type BidToPlace, placeBidsUnderLock } from './place-bids.repository';

// Decision 051: the bids of one round that wait for their turn together are placed by one statement
// (place_bids), each judged in its turn against every bid before it, the batch's own included, exactly as
// if it had come alone; a bid refused in a batch writes nothing, and one that fails on its own data fails
// alone.

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_USER_PER_MIN: '0', RATE_LIMIT_ADDRESS_PER_MIN: '0' } });
});
afterAll(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function person(name: string) {
  const email = `${name}-${++n}@example.no`;
  const cookie = await signInVerified(t, email, { firstName: name });
  return { cookie, id: await userIdOf(t, email) };
}

async function setting() {
  const seller = await person('selger');
  const round = await createRoundAs(t, seller.cookie, { startingPrice: 4_000_000 });
  const now = await databaseNow(t.deps.db);
  const bid = (userId: string, amount: number, overrides: Partial<BidToPlace> = {}): BidToPlace => {
    const id = randomUUID();
    const bidDeadline = new Date(now.getTime() + 2 * 3_600_000);
    return {
      id,
      bidRoundId: round.id,
      userId,
      amount,
      conditions: null,
      bidDeadline,
      financingProofId: null,
      minAcceptanceMinutes: MIN_ACCEPTANCE_MINUTES,
      job: bidPlacedJob(id),
      event: { channel: EVENT_CHANNEL, payload: JSON.stringify({ type: 'round', roundId: round.id }) },
      act: bidActFor({
        id,
        bidRoundId: round.id,
        userId,
        amount,
        bidDeadline,
        conditions: null,
        financing: null,
        takeoverDate: null,
      }),
      ...overrides,
    };
  };
  return { seller, round, bid };
}

const actsOf = (roundId: string) =>
  t.deps.db
    .execute(sql`select seq, subject_id, act from round_acts where round_id = ${roundId}::uuid order by seq`)
    .then((r) => rows<{ seq: number; subject_id: string | null; act: string }>(r));

describe('bids placed together', () => {
  it('judges each in its turn, the batch’s own bids included, and chains only the placed ones', async () => {
    const { seller, round, bid } = await setting();
    const kari = await person('Kari');
    const ola = await person('Ola');
    const batch = [
      bid(kari.id, 4_100_000),
      bid(ola.id, 4_100_000), // not above Kari's, placed just before it in the same statement
      bid(ola.id, 4_200_000),
      bid(seller.id, 4_300_000), // the seller's own property
      bid(kari.id, 4_300_000, { bidDeadline: new Date(Date.now() + 60_000) }), // accepts for too short a time
      bid(kari.id, 4_400_000),
    ];
    const states = await placeBidsUnderLock(t.deps.db, batch);
    expect(states.map((s) => s.placedAt !== null)).toEqual([true, false, true, false, false, true]);
    expect(states.map((s) => s.highest)).toEqual([
      null,
      4_100_000,
      4_100_000,
      4_200_000,
      4_200_000,
      4_200_000,
    ]);
    expect(states[3]?.round?.ownerId).toBe(seller.id);

    const stored = await t.deps.db
      .select({ id: bids.id, amount: bids.amount })
      .from(bids)
      .where(eq(bids.bidRoundId, round.id));
    expect(stored.map((b) => b.id).sort()).toEqual([batch[0]?.id, batch[2]?.id, batch[5]?.id].sort());

    // The round's opening act, then the three placed bids, in the order they were placed, gapless.
    const acts = await actsOf(round.id);
    expect(acts.map((a) => a.seq)).toEqual([1, 2, 3, 4]);
    expect(acts.slice(1).map((a) => a.subject_id)).toEqual([batch[0]?.id, batch[2]?.id, batch[5]?.id]);
    expect(states.map((s) => s.link?.seq ?? null)).toEqual([2, null, 3, null, null, 4]);
    // Kari bid first, so she is Budgiver A, and stays so; Ola is B.
    expect(acts.slice(1).map((a) => JSON.parse(a.act).party)).toEqual([
      'Budgiver A',
      'Budgiver B',
      'Budgiver A',
    ]);

    const jobs = rows<{ n: number }>(
      await t.deps.db.execute(sql`select count(*)::integer as n from jobs
        where type = 'bid:placed' and payload->>'bidId' in (${sql.join(
          batch.map((b) => sql`${b.id}`),
          sql`, `,
        )})`),
    );
    expect(jobs[0]?.n).toBe(3);
  });

  it('writes the signature row of a placed bid only', async () => {
    const { bid } = await setting();
    const kari = await person('Kari');
    const signature = (bidId: string) => ({
      bid_id: bidId,
      credential_id: 'cred',
      public_key: 'key',
      statement: `Jeg, Kari, byr ${bidId}`,
      canonical_act: '{}',
      nonce: randomUUID(),
      challenge: 'challenge',
      signature: 'sig',
      authenticator_data: 'auth',
      client_data_json: 'client',
    });
    const placed = bid(kari.id, 4_100_000);
    const refused = bid(kari.id, 4_050_000);
    placed.signature = signature(placed.id);
    refused.signature = signature(refused.id);
    const states = await placeBidsUnderLock(t.deps.db, [placed, refused]);
    expect(states.map((s) => s.placedAt !== null)).toEqual([true, false]);
    const signed = rows<{ bid_id: string; statement: string }>(
      await t.deps.db.execute(sql`select bid_id, statement from bid_signatures
        where bid_id in (${placed.id}::uuid, ${refused.id}::uuid)`),
    );
    expect(signed).toEqual([{ bid_id: placed.id, statement: `Jeg, Kari, byr ${placed.id}` }]);
  });

  it('places the others when one bid of a batch fails on its own data, and gives that one its error', async () => {
    const { round, bid } = await setting();
    const kari = await person('Kari');
    const ola = await person('Ola');
    const broken = bid(ola.id, 4_200_000, { takeoverDate: 'ikke en dato' });
    const batch = [bid(kari.id, 4_100_000), broken, bid(kari.id, 4_300_000)];
    const outcomes = await placeBatch(t.deps.db, batch, 5_000, 5_000);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const failure = outcomes[1];
    expect(failure?.ok === false && (failure.error as Error).message).toMatch(/date|dato/i);
    const stored = await t.deps.db.select({ id: bids.id }).from(bids).where(eq(bids.bidRoundId, round.id));
    expect(stored.map((b) => b.id).sort()).toEqual([batch[0]?.id, batch[2]?.id].sort());
  });

  it('through HTTP: bids sent at once are all answered, each as if alone, and the chain verifies', async () => {
    const { seller, round } = await setting();
    const bidders = await Promise.all(
      ['Anne', 'Bjorn', 'Cecilie', 'Dag', 'Eva', 'Finn'].map((name) => person(name)),
    );
    // Every bidder bids three times at once; a bid that a higher one overtook under the lock is refused
    // with the same message a bid alone would get.
    const answers = await Promise.all(
      bidders.flatMap((b, i) =>
        [0, 1, 2].map((k) => placeBid(t, b.cookie, round.id, 4_000_000 + (k * 6 + i + 1) * 10_000)),
      ),
    );
    for (const answer of answers) expect([201, 400], answer.body).toContain(answer.statusCode);
    const refused = answers.filter((a) => a.statusCode === 400);
    for (const answer of refused) expect(answer.json().errors?.[0]?.path).toBe('amount');

    const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json().bid);
    const stored = await t.deps.db
      .select({ id: bids.id, amount: bids.amount, createdAt: bids.createdAt })
      .from(bids)
      .where(eq(bids.bidRoundId, round.id));
    expect(stored.map((b) => b.id).sort()).toEqual(placed.map((b: { id: string }) => b.id).sort());
    // In the order received every bid tops the one before it.
    const inOrder = [...stored].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.amount - b.amount,
    );
    for (let i = 1; i < inOrder.length; i++)
      expect(inOrder[i]?.amount).toBeGreaterThan(inOrder[i - 1]?.amount ?? 0);

    // The letters the owner's list shows are those the chain holds, one per bidder.
    const list = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/bids`,
      cookie: seller.cookie,
    });
    const labels = new Map<string, string>(
      (list.json().bids as { id: string; bidderLabel: string }[]).map((b) => [b.id, b.bidderLabel]),
    );
    const acts = (await actsOf(round.id)).filter((a) => a.subject_id);
    for (const act of acts) expect(JSON.parse(act.act).party).toBe(labels.get(act.subject_id ?? ''));
    expect(new Set(acts.map((a) => JSON.parse(a.act).party)).size).toBe(
      new Set(stored.map((b) => b.id).map((id) => labels.get(id))).size,
    );
    const exported = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/journal/export`,
      cookie: seller.cookie,
    });
    expect(await verifyChainExport(exported.json())).toMatchObject({ ok: true });
  });
});
