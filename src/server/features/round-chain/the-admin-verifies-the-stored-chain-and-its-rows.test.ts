import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { exportOf, playChainRound, sameHead, seqOf } from '../../../../tests/setup/chain-round';
import { createRoundAs, inHours, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { ChainExport } from '../../../shared/schemas/responses/record';

// Decision 040: GET /api/admin/bid-rounds/{id}/journal/verify checks the stored chain as
// verify-journal checks a file, and every bid, counter-offer and answer row against its act. A row changed
// by SQL, or an act's own text, makes it answer ok: false at that act's seq; undone, it holds again.

let t: TestApp;
let admin: { cookie: string };
let round: Awaited<ReturnType<typeof playChainRound>>;
let chain: ChainExport;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  round = await playChainRound(t);
  chain = await exportOf(t, round.roundId, round.owner.cookie);
});
afterAll(() => t.close());

const verify = (roundId: string, cookie?: string) =>
  t.request({
    method: 'GET',
    url: `/api/admin/bid-rounds/${roundId}/journal/verify`,
    ...(cookie ? { cookie } : {}),
  });

async function verified(roundId = round.roundId) {
  const res = await verify(roundId, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; length: number; head: unknown; brokenAt?: number };
}

/** Runs `change` by SQL, expects the round to fail verification at `seq`, then `undo` and expects it whole. */
async function expectBrokenAt(seq: number, change: string, undo: string) {
  await t.deps.db.execute(sql.raw(change));
  try {
    expect(await verified()).toEqual({
      ok: false,
      length: chain.acts.length,
      head: sameHead(chain.head),
      brokenAt: seq,
    });
  } finally {
    await t.deps.db.execute(sql.raw(undo));
  }
  expect(await verified()).toMatchObject({ ok: true });
}

describe('the admin verifies a round’s stored chain and its rows', () => {
  it('is for admins only: 401 for a visitor, 403 for the owner and a bidder, 404 for an unknown round', async () => {
    expect((await verify(round.roundId)).statusCode).toBe(401);
    expect((await verify(round.roundId, round.owner.cookie)).statusCode).toBe(403);
    expect((await verify(round.roundId, round.a.cookie)).statusCode).toBe(403);
    const unknown = await verify('00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Budrunden ble ikke funnet');
    expect((await verify('ikke-en-id', admin.cookie)).statusCode).toBe(400);
  });

  it('a whole round holds: its length and head are the export’s, and no brokenAt', async () => {
    expect(await verified()).toEqual({ ok: true, length: chain.acts.length, head: sameHead(chain.head) });
  });

  it('a bid’s amount changed by SQL fails at that bid’s act; so does its deadline, bidder or terms', async () => {
    const berits = seqOf(chain, 'bid', round.bidBId);
    const arnes = seqOf(chain, 'bid', round.arnesBidId);
    const beritsRow = `from bids where id = '${round.bidBId}'`;
    const arnesRow = `where id = '${round.arnesBidId}'`;
    await expectBrokenAt(
      berits,
      `update bids set amount = amount + 1 where id = '${round.bidBId}'`,
      `update bids set amount = amount - 1 where id = '${round.bidBId}'`,
    );
    await expectBrokenAt(
      berits,
      `update bids set bid_deadline = bid_deadline + interval '1 millisecond' where id = '${round.bidBId}'`,
      `update bids set bid_deadline = bid_deadline - interval '1 millisecond' where id = '${round.bidBId}'`,
    );
    await expectBrokenAt(
      arnes,
      `update bids set user_id = (select user_id ${beritsRow}) ${arnesRow}`,
      `update bids set user_id = (select user_id from round_acts where round_id = '${round.roundId}' and seq = ${arnes}) ${arnesRow}`,
    );
    await expectBrokenAt(
      arnes,
      `update bids set financing_lender = 'Annenbanken' ${arnesRow}`,
      `update bids set financing_lender = 'Nordbanken' ${arnesRow}`,
    );
  });

  it('a rejection undone or reworded by SQL fails at the rejection’s act', async () => {
    const rejection = seqOf(chain, 'rejection');
    const arnesRow = `where id = '${round.arnesBidId}'`;
    await expectBrokenAt(
      rejection,
      `update bids set rejection_message = 'Nei takk' ${arnesRow}`,
      `update bids set rejection_message = 'Takk, men budet er for lavt' ${arnesRow}`,
    );
    const [{ rejected_at: at } = { rejected_at: null }] = (
      (await t.deps.db.execute(sql.raw(`select rejected_at::text from bids ${arnesRow}`))) as unknown as {
        rows: { rejected_at: string | null }[];
      }
    ).rows;
    await expectBrokenAt(
      rejection,
      `update bids set rejected_at = null ${arnesRow}`,
      `update bids set rejected_at = '${at}' ${arnesRow}`,
    );
  });

  it('a counter-offer’s amount or outcome changed by SQL fails at its act; so does the accepted bid’s amount', async () => {
    const offer = seqOf(chain, 'counter-offer');
    const accepted = seqOf(chain, 'counter-offer-accepted');
    const offerRow = `where id = '${round.offerId}'`;
    await expectBrokenAt(
      offer,
      `update counter_offers set amount = amount + 1 ${offerRow}`,
      `update counter_offers set amount = amount - 1 ${offerRow}`,
    );
    await expectBrokenAt(
      offer,
      `update counter_offers set conditions = 'Med forbehold' ${offerRow}`,
      `update counter_offers set conditions = 'Uten forbehold' ${offerRow}`,
    );
    await expectBrokenAt(
      accepted,
      `update counter_offers set status = 'declined' ${offerRow}`,
      `update counter_offers set status = 'accepted' ${offerRow}`,
    );
    const acceptedBid = String(chain.acts[accepted - 1]?.act.bidId);
    await expectBrokenAt(
      accepted,
      `update bids set amount = amount + 1000 where id = '${acceptedBid}'`,
      `update bids set amount = amount - 1000 where id = '${acceptedBid}'`,
    );
  });

  it('an act’s own text changed in round_acts fails at that act', async () => {
    const seq = seqOf(chain, 'bid', round.bidBId);
    const where = `where round_id = '${round.roundId}' and seq = ${seq}`;
    await expectBrokenAt(
      seq,
      `update round_acts set act = replace(act, '"amount":5250000', '"amount":5250001') ${where}`,
      `update round_acts set act = replace(act, '"amount":5250001', '"amount":5250000') ${where}`,
    );
  });

  it('a bid row with no act, inserted after the chain began, fails where its act should have been', async () => {
    const result = (await t.deps.db.execute(
      sql.raw(`insert into bids (bid_round_id, user_id, amount, created_at)
        select bid_round_id, user_id, 9000000, created_at + interval '1 millisecond' from bids
        where id = '${round.arnesBidId}'
        returning id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`),
    )) as unknown as { rows: { id: string; at: string }[] };
    const made = result.rows[0];
    // The first act after the row's time: where the row's own act would have been.
    const place = chain.acts.find((l) => String(l.act.at) > String(made?.at))?.seq;
    expect(place).toBeGreaterThan(seqOf(chain, 'bid', round.arnesBidId));
    try {
      expect(await verified()).toMatchObject({ ok: false, brokenAt: place });
    } finally {
      await t.deps.db.execute(sql.raw(`delete from bids where id = '${made?.id}'`));
    }
    expect(await verified()).toMatchObject({ ok: true });
  });

  it('a bid or counter-offer row with no act, dated before the round opened, fails at the first act', async () => {
    const inserts = [
      `insert into bids (bid_round_id, user_id, amount, created_at)
        select bid_round_id, user_id, 9000000, created_at - interval '1 day' from bids
        where id = '${round.arnesBidId}' returning id`,
      `insert into counter_offers (bid_round_id, bid_id, recipient_id, amount, deadline, status, created_at)
        select bid_round_id, bid_id, recipient_id, amount + 1, deadline, 'declined', created_at - interval '1 day'
        from counter_offers where id = '${round.offerId}' returning id`,
    ];
    for (const [insert, table] of [
      [inserts[0], 'bids'],
      [inserts[1], 'counter_offers'],
    ] as const) {
      const made = (
        (await t.deps.db.execute(sql.raw(String(insert)))) as unknown as { rows: { id: string }[] }
      ).rows[0];
      try {
        expect(await verified(), table).toMatchObject({ ok: false, brokenAt: 1 });
      } finally {
        await t.deps.db.execute(sql.raw(`delete from ${table} where id = '${made?.id}'`));
      }
    }
    expect(await verified()).toMatchObject({ ok: true });
  });

  it('a round from before the chain: rows older than its first act are not checked, later ones are', async () => {
    const older = await createRoundAs(t, round.owner.cookie, { title: 'Eldre runde' });
    await placeBidOk(t, round.b.cookie, older.id, 4_200_000);
    // As a round that was open when the chain began: no acts for what came before.
    await t.deps.db.execute(sql.raw(`delete from round_acts where round_id = '${older.id}'`));
    expect(await verified(older.id)).toEqual({ ok: true, length: 0, head: null });
    const later = await t.request({
      method: 'POST',
      url: '/api/bids',
      cookie: round.b.cookie,
      payload: { bidRoundId: older.id, amount: 4_300_000, conditions: '', bidDeadline: inHours(6) },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({ seq: 1 });
    expect(await verified(older.id)).toMatchObject({ ok: true, length: 1 });
    await t.deps.db.execute(sql.raw(`update bids set amount = 4300001 where id = '${later.json().bid.id}'`));
    expect(await verified(older.id)).toMatchObject({ ok: false, brokenAt: 1 });
  });
});
