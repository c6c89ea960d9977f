import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../tests/setup/admin';
import { type PlanApp, startPlanApp } from '../../../../tests/setup/bid-plan-app';
import { type EventStream, openEventStream } from '../../../../tests/setup/event-stream';
import type { ApiContract } from '../../../../tests/setup/openapi-contract';
import { createRoundAs, placeBidOk } from '../../../../tests/setup/rounds';
import type { TestApp } from '../../../../tests/setup/test-app';
import type { OwnerBidView, RoundBids, UserBidView } from '../../../shared/schemas/bid';
import type { RoundEvent } from '../../../shared/schemas/events';
import type { JournalView } from '../../../shared/schemas/journal';

// Decision 033: a bid may carry the bidder's financing plan (egenkapital, lån, långiver) and the
// takeover day they want. The owner and admins see both, in the bid lists, the live events and the journal;
// the bidder sees their own back; no other bidder and no visitor ever sees either. Every answer here is also
// checked against the API document. Refused plans and dates: a-bid-with-a-bad-plan-or-date-changes-nothing.

const LENDER = 'Sparebanken Løvetann';
const PLAN = { equity: 1_357_913, loan: 4_246_800, lender: LENDER };

let raw: TestApp;
let t: TestApp;
let contract: ApiContract;
let baseUrl: string;
let owner: string;
let anna: string;
let bjorn: string;
let admin: { id: string; cookie: string };
let dayFromNow: PlanApp['dayFromNow'];
const open: EventStream[] = [];

beforeAll(async () => {
  ({ raw, t, contract, baseUrl, owner, anna, bjorn, admin, dayFromNow } = await startPlanApp());
});
afterAll(async () => {
  for (const s of open) s.close();
  await raw.close();
});

const get = async <T>(url: string, cookie?: string) => {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, raw: res.body };
};

async function stream(cookie?: string): Promise<EventStream> {
  const s = await openEventStream(baseUrl, cookie);
  open.push(s);
  await s.next('hello');
  return s;
}

describe('POST /api/bids with a financing plan and a takeover date', () => {
  it('stores both, and the owner and admins see them beside the bid', async () => {
    const round = await createRoundAs(t, owner);
    const takeover = dayFromNow(100);
    const bid = await placeBidOk(t, anna, round.id, 5_000_000, { financing: PLAN, takeoverDate: takeover });
    const plain = await placeBidOk(t, bjorn, round.id, 5_100_000);

    for (const cookie of [owner, admin.cookie]) {
      const { body } = await get<OwnerBidView[]>(`/api/owner/bid-rounds/${round.id}/bids`, cookie);
      expect(body.find((b) => b.id === bid.id)).toMatchObject({ financing: PLAN, takeoverDate: takeover });
      // No plan and no date ('Etter avtale') are both null.
      expect(body.find((b) => b.id === plain.id)).toMatchObject({ financing: null, takeoverDate: null });
    }
    const annaId = await userIdOf(t, 'anna@example.no');
    const { body: history } = await get<UserBidView[]>(`/api/admin/users/${annaId}/bids`, admin.cookie);
    expect(history.find((b) => b.id === bid.id)).toMatchObject({ financing: PLAN, takeoverDate: takeover });
  });

  it('the bidder sees their own plan in their bids and in their data export', async () => {
    const round = await createRoundAs(t, owner);
    const takeover = dayFromNow(40);
    const bid = await placeBidOk(t, anna, round.id, 4_500_000, { financing: PLAN, takeoverDate: takeover });
    const { body: mine } = await get<UserBidView[]>('/api/user/bids', anna);
    expect(mine.find((b) => b.id === bid.id)).toMatchObject({ financing: PLAN, takeoverDate: takeover });
    const { body: exported } = await get<{ bids: UserBidView[] }>('/api/users/me/export', anna);
    expect(exported.bids.find((b) => b.id === bid.id)).toMatchObject({
      financing: PLAN,
      takeoverDate: takeover,
    });
  });

  it('takes today in Norway as the takeover day, a plan without a lender, and a plan that exactly covers', async () => {
    const round = await createRoundAs(t, owner);
    const today = dayFromNow(0);
    const bid = await placeBidOk(t, anna, round.id, 4_000_000, {
      financing: { equity: 4_000_000, loan: 0, lender: '  ' },
      takeoverDate: today,
    });
    const { body } = await get<OwnerBidView[]>(`/api/owner/bid-rounds/${round.id}/bids`, owner);
    expect(body.find((b) => b.id === bid.id)).toMatchObject({
      financing: { equity: 4_000_000, loan: 0, lender: null },
      takeoverDate: today,
    });
    // Explicit nulls are the same as leaving both out.
    await placeBidOk(t, bjorn, round.id, 4_100_000, { financing: null, takeoverDate: null });
  });
});

describe('who sees the plan and the date', () => {
  it('never another bidder or a visitor: not in the lists, the live events or their journals', async () => {
    const round = await createRoundAs(t, owner, { title: 'Løvetannhuset' });
    const takeover = dayFromNow(120);
    const [toOwner, toBjorn, toVisitor] = await Promise.all([stream(owner), stream(bjorn), stream()]);
    const annasBid = await placeBidOk(t, anna, round.id, 5_500_000, {
      financing: PLAN,
      takeoverDate: takeover,
    });
    const bjornsBid = await placeBidOk(t, bjorn, round.id, 5_600_000);

    // Live: the owner's event has the plan; Bjørn's has Anna's bid without it.
    const ownerEvent: RoundEvent = await toOwner.next('round', (e) => e.bidId === annasBid.id);
    expect(ownerEvent.ownerBids?.find((b) => b.id === annasBid.id)).toMatchObject({
      financing: PLAN,
      takeoverDate: takeover,
    });
    const bjornEvent: RoundEvent = await toBjorn.next('round', (e) => e.bidId === bjornsBid.id);
    const seen = bjornEvent.bids?.bids.find((b) => b.id === annasBid.id);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('financing');
    expect(seen).not.toHaveProperty('takeoverDate');

    // Lists: Bjørn's round list, and the owner's list refused to him; a visitor is refused both.
    const { body: list } = await get<RoundBids>(`/api/bid-rounds/${round.id}/bids`, bjorn);
    for (const b of list.bids) {
      expect(b).not.toHaveProperty('financing');
      expect(b).not.toHaveProperty('takeoverDate');
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${round.id}/bids`, cookie: bjorn }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${round.id}/bids` })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}/bids` })).statusCode).toBe(
      401,
    );

    // Journals, once the owner picks a winner.
    const won = await t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${round.id}/select-winner/${annasBid.id}`,
      cookie: owner,
    });
    expect(won.statusCode, won.body).toBe(200);
    const journalOf = async (cookie: string) => {
      const { body, raw: text } = await get<JournalView[]>('/api/user/bid-journals', cookie);
      const journal = body.find((j) => j.bidRound.id === round.id);
      if (!journal) throw new Error('no journal');
      return { journal, text };
    };
    const ownerCopy = (await journalOf(owner)).journal;
    expect(ownerCopy.journalData.find((e) => e.amount === 5_500_000)).toMatchObject({
      financing: PLAN,
      takeoverDate: takeover,
    });
    expect(ownerCopy.journalData.find((e) => e.amount === 5_600_000)).toMatchObject({
      financing: null,
      takeoverDate: null,
    });
    const annasCopy = (await journalOf(anna)).journal;
    expect(annasCopy.journalData.find((e) => e.isOwnBid)).toMatchObject({
      financing: PLAN,
      takeoverDate: takeover,
    });
    const bjornsCopy = await journalOf(bjorn);
    expect(bjornsCopy.journal.journalData.find((e) => e.amount === 5_500_000)).toMatchObject({
      financing: null,
      takeoverDate: null,
    });

    // Nothing of the plan reached Bjørn or the visitor by any road.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const secrets = [LENDER, takeover, '1357913', '4246800'];
    const bjornSaw = [
      ...toBjorn.events.map((e) => e.raw),
      ...toVisitor.events.map((e) => e.raw),
      JSON.stringify(list),
      bjornsCopy.text,
    ].join('\n');
    for (const secret of secrets) expect(bjornSaw).not.toContain(secret);

    // The owner's CSV names the plan in its own columns, just before 'Signert' (decision 039) and 'Identitet' (decision 064).
    const csv = await t.request({
      method: 'GET',
      url: `/api/bid-rounds/${round.id}/journal/csv`,
      cookie: owner,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]?.split(';').slice(-9, -5)).toEqual([
      'Egenkapital (kr)',
      'Lån (kr)',
      'Långiver',
      'Ønsket overtakelse',
    ]);
    const [year, month, day] = takeover.split('-');
    const annasRow = lines.find((l) => l.includes('Anna Alfa'));
    expect(annasRow?.split(';').slice(-9, -5)).toEqual([
      '1357913',
      '4246800',
      LENDER,
      `${day}.${month}.${year}`,
    ]);
    const bjornsRow = lines.find((l) => l.includes('Bjørn Beta'));
    expect(bjornsRow?.split(';').slice(-9, -5)).toEqual(['', '', '', 'Etter avtale']);
  });

  it('every answer above matches the API document', () => {
    expect(contract.failures).toEqual([]);
  });
});
