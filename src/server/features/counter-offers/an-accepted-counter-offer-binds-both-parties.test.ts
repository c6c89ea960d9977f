import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../tests/setup/admin';
import { aChainLink } from '../../../../tests/setup/chain-link';
import { type CounterOfferHelpers, counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { JournalView } from '../../../shared/schemas/journal';
import { counterOffers } from '../../db/counter-offer-schema';
import { bidJournals, bidRounds, bids } from '../../db/schema';

// Decision 035: accepting a counter-offer binds both parties. In one transaction under the round's
// lock it places the recipient's bid at the counter-offer's amount and conditions, makes it the winner,
// closes the round (reason 'counter-offer') and writes every journal, exactly as 'Velg som vinner' does;
// if any part fails, none of it is written.

let t: TestApp;
let h: CounterOfferHelpers;

beforeAll(async () => {
  t = await createTestApp();
  h = counterOfferHelpers(t);
});
afterAll(() => t.close());

const journalOf = async (cookie: string, roundId: string) =>
  ((await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie })).json() as JournalView[]).find(
    (j) => j.bidRound.id === roundId,
  );

/** Selma's round: Arne bid 4 100 000 with a takeover day, Berit 5 250 000; a counter-offer to Arne. */
async function offerToArne() {
  const owner = await h.person('Selma');
  const a = await h.person('Arne');
  const b = await h.person('Berit');
  const round = await createRoundAs(t, owner.cookie, {
    title: 'Bindingshuset',
    address: 'Bindveien 1, Oslo',
  });
  const bidA = await placeBidOk(t, a.cookie, round.id, 4_100_000, { takeoverDate: '2031-03-01' });
  const bidB = await placeBidOk(t, b.cookie, round.id, 5_250_000);
  await t.runJobs();
  const offer = await h.createOk(round.id, owner.cookie, bidA.id, 5_600_000, {
    conditions: 'Overtakelse etter avtale',
  });
  return { owner, a, b, roundId: round.id, bidA, bidB, offer };
}

describe('an accepted counter-offer', () => {
  it('becomes the recipient’s bid at its amount and conditions, which wins; the round closes for that reason', async () => {
    const { owner, a, b, roundId, bidB, offer } = await offerToArne();
    const toBerit = await h.createOk(roundId, owner.cookie, bidB.id, 5_700_000);
    const res = await h.answer(offer.id, 'accept', a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: 'Motbudet er akseptert. Handelen er bindende for begge parter.',
      bid: { id: expect.any(String), amount: 5_600_000 },
      ...aChainLink(),
    });

    const arneId = await userIdOf(t, a.email);
    const [bid] = await t.deps.db.select().from(bids).where(eq(bids.id, body.bid.id));
    expect(bid).toMatchObject({
      bidRoundId: roundId,
      userId: arneId,
      amount: 5_600_000,
      conditions: 'Overtakelse etter avtale',
      takeoverDate: '2031-03-01',
      // The offer stood until its deadline: the bid it became carries that as its acceptance deadline.
      bidDeadline: new Date(offer.deadline),
      rejectedAt: null,
    });
    const [round] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId));
    expect(round).toMatchObject({
      isClosed: true,
      closeReason: 'counter-offer',
      winningBidId: body.bid.id,
      closedBy: arneId,
    });
    expect(await h.rowOf(offer.id)).toMatchObject({
      status: 'accepted',
      acceptedBidId: body.bid.id,
      answeredAt: expect.any(Date),
    });
    // The round's other open counter-offer ended with it.
    expect((await h.rowOf(toBerit.id))?.status).toBe('withdrawn');
    expect(await h.round(roundId, b.cookie)).toMatchObject({
      isClosed: true,
      closeReason: 'counter-offer',
      winningBidId: body.bid.id,
    });
    expect((await h.listOk(roundId, a.cookie))[0]).toMatchObject({
      status: 'accepted',
      acceptedBidId: body.bid.id,
      recipientLabel: 'Du',
    });
  });

  it('the bid lists show the winning bid to everyone, by the usual rules', async () => {
    const { owner, a, b, roundId, offer } = await offerToArne();
    const { bid } = (await h.answer(offer.id, 'accept', a.cookie)).json();
    const forArne = await h.roundBids(roundId, a.cookie);
    expect(forArne.bids.find((x) => x.id === bid.id)).toMatchObject({
      amount: 5_600_000,
      isWinner: true,
      isOwnBid: true,
      bidderLabel: 'Du',
      conditions: 'Overtakelse etter avtale',
    });
    const forBerit = await h.roundBids(roundId, b.cookie);
    expect(forBerit.bids.find((x) => x.id === bid.id)).toMatchObject({
      amount: 5_600_000,
      isWinner: true,
      bidderLabel: 'Budgiver A',
    });
    expect(forBerit.bids.filter((x) => x.isWinner)).toHaveLength(1);
    const forOwner = await h.ownerBids(roundId, owner.cookie);
    expect(forOwner.find((x) => x.id === bid.id)).toMatchObject({ amount: 5_600_000, isWinner: true });
  });

  it('writes the journals of the owner and of every bidder, with the winning bid', async () => {
    const { owner, a, b, roundId, offer } = await offerToArne();
    const { bid } = (await h.answer(offer.id, 'accept', a.cookie)).json();
    const ownerCopy = await journalOf(owner.cookie, roundId);
    expect(ownerCopy).toMatchObject({ isOwnerCopy: true, bidRound: { closeReason: 'counter-offer' } });
    expect(ownerCopy?.journalData.find((e) => e.isWinner)).toMatchObject({
      amount: 5_600_000,
      bidderName: 'Arne Test',
      conditions: 'Overtakelse etter avtale',
    });
    const arneCopy = await journalOf(a.cookie, roundId);
    expect(arneCopy?.journalData.find((e) => e.isWinner)).toMatchObject({
      amount: 5_600_000,
      isOwnBid: true,
    });
    const beritCopy = await journalOf(b.cookie, roundId);
    expect(beritCopy?.journalData.find((e) => e.isWinner)).toMatchObject({
      amount: 5_600_000,
      isOwnBid: false,
      bidderName: 'Budgiver A',
    });
    expect(JSON.stringify(beritCopy)).not.toContain('Arne');
    const stored = await t.deps.db.select().from(bidJournals).where(eq(bidJournals.bidRoundId, roundId));
    expect(stored).toHaveLength(3);
    void bid;
  });

  it('is one transaction: when writing the journals fails, no bid, no acceptance and no close are left', async () => {
    const { owner, a, roundId, offer } = await offerToArne();
    const bidsBefore = await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId));
    // A fault injected for this round only: the journal insert, the last step of the close, raises.
    await t.deps.db.execute(
      sql.raw(`
      create or replace function refuse_journal() returns trigger language plpgsql as $$
      begin
        if new.bid_round_id = '${roundId}' then raise exception 'journal refused for the test'; end if;
        return new;
      end $$
    `),
    );
    await t.deps.db.execute(
      sql.raw(
        'create trigger refuse_journal before insert on bid_journals for each row execute function refuse_journal()',
      ),
    );
    try {
      const res = await h.answer(offer.id, 'accept', a.cookie);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_journal on bid_journals'));
    }
    expect(await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, roundId))).toEqual(bidsBefore);
    const [round] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, roundId));
    expect(round).toMatchObject({ isClosed: false, winningBidId: null, closeReason: null });
    const [row] = await t.deps.db.select().from(counterOffers).where(eq(counterOffers.id, offer.id));
    expect(row).toMatchObject({ status: 'open', acceptedBidId: null, answeredAt: null });

    // With the fault gone, the same acceptance goes through.
    expect((await h.answer(offer.id, 'accept', a.cookie)).statusCode).toBe(200);
    expect((await h.round(roundId, owner.cookie)).closeReason).toBe('counter-offer');
  });
});
