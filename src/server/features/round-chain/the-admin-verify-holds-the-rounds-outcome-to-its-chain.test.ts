import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { exportOf, playChainRound, seqOf } from '../../../../tests/setup/chain-round';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { createRoundAs, inDays, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { addViewingOk, LATE_DEADLINE, osloDayAhead, viewingOn } from '../../../../tests/setup/viewings';
import { recordAnonymised } from './round-acts';

// The admin's journal/verify (decision 040) also holds the round row to how its chain says the round
// ended: the 'closed' act's time, reason and winning bid, and the bid the owner chose in the 'winner' act.
// A winner set or swapped by SQL, or a round reopened or closed behind the app's back, fails verification.

let t: TestApp;
let admin: { cookie: string };
let h: ReturnType<typeof counterOfferHelpers>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

async function verified(roundId: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/bid-rounds/${roundId}/journal/verify`,
    cookie: admin.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; length: number; brokenAt?: number };
}

/** Runs `change` by SQL on the round row, expects a failure at `seq`, then `undo` and expects it whole. */
async function expectBrokenAt(roundId: string, seq: number, change: string, undo: string) {
  const where = `where id = '${roundId}'`;
  await t.deps.db.execute(sql.raw(`update bid_rounds set ${change} ${where}`));
  try {
    expect(await verified(roundId)).toMatchObject({ ok: false, brokenAt: seq });
  } finally {
    await t.deps.db.execute(sql.raw(`update bid_rounds set ${undo} ${where}`));
  }
  expect(await verified(roundId)).toMatchObject({ ok: true });
}

describe('the admin’s verify holds the round row to its winner and its close', () => {
  it('a round ended by an accepted counter-offer: its winner, reason, time and closing, changed by SQL, fail at the close', async () => {
    const round = await playChainRound(t);
    const chain = await exportOf(t, round.roundId, round.owner.cookie);
    const closed = seqOf(chain, 'closed');
    const winning = String(chain.acts[closed - 1]?.act.winningBidId);
    expect(winning).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verified(round.roundId)).toMatchObject({ ok: true });
    await expectBrokenAt(
      round.roundId,
      closed,
      `winning_bid_id = '${round.arnesBidId}'`,
      `winning_bid_id = '${winning}'`,
    );
    await expectBrokenAt(round.roundId, closed, 'winning_bid_id = null', `winning_bid_id = '${winning}'`);
    const [{ reason }] = (
      (await t.deps.db.execute(
        sql.raw(`select close_reason as reason from bid_rounds where id = '${round.roundId}'`),
      )) as unknown as { rows: [{ reason: string }] }
    ).rows;
    await expectBrokenAt(round.roundId, closed, `close_reason = 'deadline'`, `close_reason = '${reason}'`);
    await expectBrokenAt(
      round.roundId,
      closed,
      `closed_at = closed_at + interval '1 millisecond'`,
      `closed_at = closed_at - interval '1 millisecond'`,
    );
    await expectBrokenAt(round.roundId, closed, 'is_closed = false', 'is_closed = true');
  });

  it('‘Velg som vinner’: another bid made the winner by SQL fails at the owner’s signed choice', async () => {
    const owner = await h.person('Solveig');
    const a = await h.person('Aksel');
    const b = await h.person('Bodil');
    const round = await createRoundAs(t, owner.cookie, { title: 'Vinnerhuset' });
    const bidA = await placeBidOk(t, a.cookie, round.id, 4_100_000);
    const bidB = await placeBidOk(t, b.cookie, round.id, 4_200_000);
    const chosen = await h.selectWinner(round.id, bidB.id, owner.cookie);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const chain = await exportOf(t, round.id, owner.cookie);
    const winner = seqOf(chain, 'winner');
    expect(seqOf(chain, 'closed')).toBe(winner + 1);
    expect(await verified(round.id)).toMatchObject({ ok: true, length: chain.acts.length });
    await expectBrokenAt(round.id, winner, `winning_bid_id = '${bidA.id}'`, `winning_bid_id = '${bidB.id}'`);
  });

  it('an open round given a winner, or closed, by SQL fails at its head', async () => {
    const owner = await h.person('Synne');
    const a = await h.person('Atle');
    const round = await createRoundAs(t, owner.cookie, { title: 'Åpent hus' });
    const bid = await placeBidOk(t, a.cookie, round.id, 4_100_000);
    const chain = await exportOf(t, round.id, owner.cookie);
    const head = chain.acts.length;
    expect(await verified(round.id)).toMatchObject({ ok: true, length: head });
    await expectBrokenAt(round.id, head, `winning_bid_id = '${bid.id}'`, 'winning_bid_id = null');
    await expectBrokenAt(
      round.id,
      head,
      `is_closed = true, closed_at = now(), close_reason = 'closed'`,
      'is_closed = false, closed_at = null, close_reason = null',
    );
  });

  it('a round deadline or an open round’s starting price changed by SQL fails at the act that recorded it', async () => {
    const owner = await h.person('Solveig');
    const a = await h.person('Audun');
    const round = await createRoundAs(t, owner.cookie, { title: 'Prishuset', startingPrice: 4_000_000 });
    await placeBidOk(t, a.cookie, round.id, 4_100_000);
    expect(await verified(round.id)).toMatchObject({ ok: true });
    await expectBrokenAt(
      round.id,
      1,
      `deadline = deadline + interval '1 day'`,
      `deadline = deadline - interval '1 day'`,
    );
    const property = `(select property_id from bid_rounds where id = '${round.id}')`;
    const setPrice = (price: number) =>
      t.deps.db.execute(sql.raw(`update properties set price = ${price} where id = ${property}`));
    await setPrice(3_500_000);
    try {
      expect(await verified(round.id)).toMatchObject({ ok: false, brokenAt: 1 });
    } finally {
      await setPrice(4_000_000);
    }
    // Changed through the app, the price has its own act, and the round holds; changed by SQL after
    // that, it fails at that act.
    const lowered = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/starting-bid`,
      cookie: owner.cookie,
      payload: { newStartingBid: 3_900_000 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await verified(round.id)).toMatchObject({ ok: true });
    const chain = await exportOf(t, round.id, owner.cookie);
    await setPrice(3_800_000);
    try {
      expect(await verified(round.id)).toMatchObject({ ok: false, brokenAt: seqOf(chain, 'starting-price') });
    } finally {
      await setPrice(3_900_000);
    }
    expect(await verified(round.id)).toMatchObject({ ok: true });
  });

  it('the shortest acceptance deadline, the seller’s at the opening and a viewing’s since, changed by SQL fails at its act', async () => {
    const owner = await h.person('Synne');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Fristhuset',
      deadline: LATE_DEADLINE,
      minimumBidDeadline: inDays(2),
    });
    expect(await verified(round.id)).toMatchObject({ ok: true });
    const shift = (sign: '+' | '-') =>
      `minimum_bid_deadline = minimum_bid_deadline ${sign} interval '1 hour'`;
    await expectBrokenAt(round.id, 1, shift('+'), shift('-'));
    await expectBrokenAt(
      round.id,
      1,
      'minimum_bid_deadline = null',
      `minimum_bid_deadline = seller_minimum_bid_deadline`,
    );
    // A viewing later than the seller's deadline moves it (the 12:00 rule): the chain records the change.
    await addViewingOk(t, owner.cookie, round.id, viewingOn(osloDayAhead(30)));
    const chain = await exportOf(t, round.id, owner.cookie);
    const moved = seqOf(chain, 'minimum-bid-deadline');
    expect(chain.acts[moved - 1]?.act).toMatchObject({
      reason: 'viewing',
      minimumBidDeadline: expect.any(String),
    });
    expect(await verified(round.id)).toMatchObject({ ok: true });
    await expectBrokenAt(round.id, moved, shift('-'), shift('+'));
  });

  it('the stored journals: one changed or removed by SQL fails at the act that recorded them; a deletion records them anew', async () => {
    const round = await playChainRound(t);
    let chain = await exportOf(t, round.roundId, round.owner.cookie);
    const recorded = seqOf(chain, 'journals');
    expect(recorded).toBe(seqOf(chain, 'closed') + 1);
    expect(chain.acts[recorded - 1]?.secret?.journals).toHaveLength(3);
    expect(await verified(round.roundId)).toMatchObject({ ok: true });
    const [saved] = (
      (await t.deps.db.execute(
        sql.raw(`select id, user_id as "userId", journal_data::text as data from bid_journals
          where bid_round_id = '${round.roundId}' order by id limit 1`),
      )) as unknown as { rows: [{ id: string; userId: string; data: string }] }
    ).rows;
    const data = `'${saved.data.replaceAll("'", "''")}'::jsonb`;
    const changes: [string, string][] = [
      [
        `update bid_journals set journal_data = jsonb_set(journal_data, '{startingPrice}', '1') where id = '${saved.id}'`,
        `update bid_journals set journal_data = ${data} where id = '${saved.id}'`,
      ],
      [
        `delete from bid_journals where id = '${saved.id}'`,
        `insert into bid_journals (id, bid_round_id, user_id, journal_data)
          values ('${saved.id}', '${round.roundId}', '${saved.userId}', ${data})`,
      ],
    ];
    for (const [change, undo] of changes) {
      await t.deps.db.execute(sql.raw(change));
      try {
        expect(await verified(round.roundId)).toMatchObject({ ok: false, brokenAt: recorded });
      } finally {
        await t.deps.db.execute(sql.raw(undo));
      }
      expect(await verified(round.roundId)).toMatchObject({ ok: true });
    }
    // Arne deletes his account: his name leaves every journal, and the chain records them as they are now.
    const gone = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: round.a.cookie });
    expect(gone.statusCode, gone.body).toBe(200);
    chain = await exportOf(t, round.roundId, round.owner.cookie);
    expect(chain.acts.filter((l) => l.act.kind === 'journals').map((l) => l.seq)).toEqual([
      recorded,
      expect.any(Number),
    ]);
    expect(await verified(round.roundId)).toMatchObject({ ok: true });
  });

  it('a round closed before its chain began, with an act appended since, holds', async () => {
    const owner = await h.person('Sigrid');
    const a = await h.person('Are');
    const round = await createRoundAs(t, owner.cookie, { title: 'Gammelt hus' });
    const bid = await placeBidOk(t, a.cookie, round.id, 4_100_000);
    expect((await h.selectWinner(round.id, bid.id, owner.cookie)).statusCode).toBe(200);
    // As a round that ended before the chain existed: no acts, and then one (a bidder's deleted account).
    await t.deps.db.execute(sql.raw(`delete from round_acts where round_id = '${round.id}'`));
    const [{ userId }] = (
      (await t.deps.db.execute(
        sql.raw(`select user_id as "userId" from bids where id = '${bid.id}'`),
      )) as unknown as { rows: [{ userId: string }] }
    ).rows;
    await recordAnonymised(t.deps.db, round.id, userId, new Date(Date.now() + 1_000));
    expect(await verified(round.id)).toEqual(expect.objectContaining({ ok: true, length: 1 }));
  });
});
