import { asc, eq, sql } from 'drizzle-orm';
import { counterOffers } from '../../src/server/db/counter-offer-schema';
import { jobs } from '../../src/server/db/schema';
import type { CounterOfferView } from '../../src/shared/schemas/counter-offer';
import { rejectionHelpers } from './rejections';
import { inHours } from './rounds';
import type { TestApp } from './test-app';

/**
 * What the counter-offer tests (decision 035) share: the calls as a client makes them, and the
 * rejection tests' round (Selma owns it; Arne bid 4 100 000, Berit 5 250 000), people with phones.
 */
export function counterOfferHelpers(t: TestApp) {
  const base = rejectionHelpers(t);

  const create = (roundId: string, cookie: string | null, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/bid-rounds/${roundId}/counter-offers`,
      ...(cookie ? { cookie } : {}),
      payload: body,
    });
  /** A counter-offer of `amount` to the bidder of `bidId`, open for two hours; expects 201. */
  async function createOk(roundId: string, cookie: string, bidId: string, amount: number, extra = {}) {
    const res = await create(roundId, cookie, { bidId, amount, deadline: inHours(2), ...extra });
    if (res.statusCode !== 201) throw new Error(`counter-offer refused: ${res.statusCode} ${res.body}`);
    return res.json().counterOffer as CounterOfferView;
  }
  const list = (roundId: string, cookie: string | null) =>
    t.request({
      method: 'GET',
      url: `/api/bid-rounds/${roundId}/counter-offers`,
      ...(cookie ? { cookie } : {}),
    });
  const listOk = async (roundId: string, cookie: string) =>
    (await list(roundId, cookie)).json() as CounterOfferView[];
  const answer = (id: string, what: 'accept' | 'decline', cookie: string | null) =>
    t.request({ method: 'PUT', url: `/api/counter-offers/${id}/${what}`, ...(cookie ? { cookie } : {}) });
  const withdraw = (id: string, cookie: string | null) =>
    t.request({ method: 'DELETE', url: `/api/counter-offers/${id}`, ...(cookie ? { cookie } : {}) });

  const selectWinner = (roundId: string, bidId: string, cookie: string) =>
    t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/select-winner/${bidId}`, cookie });
  const closeRound = (roundId: string, cookie: string) =>
    t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie });
  const setSms = (roundId: string, cookie: string, enabled: boolean) =>
    t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/sms-notifications`,
      cookie,
      payload: { enabled },
    });

  /** The round's counter-offers as stored, oldest first. */
  const rowsOf = (roundId: string) =>
    t.deps.db
      .select()
      .from(counterOffers)
      .where(eq(counterOffers.bidRoundId, roundId))
      .orderBy(asc(counterOffers.createdAt));
  const rowOf = async (id: string) =>
    (await t.deps.db.select().from(counterOffers).where(eq(counterOffers.id, id)))[0];

  /** The counter-offer's deadline passes now, on the database clock; its lapse job has not run. */
  const passDeadline = (id: string) =>
    t.deps.db.update(counterOffers).set({ deadline: sql`clock_timestamp()` }).where(eq(counterOffers.id, id));
  /** Makes the counter-offer's lapse job due now (again, if it ran already), and runs the queue. */
  async function runLapseJob(id: string) {
    await t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()`, completedAt: null })
      .where(sql`${jobs.type} = 'counter-offer:lapsed' and ${jobs.payload}->>'counterOfferId' = ${id}`);
    await t.runJobs();
    await t.runJobs();
  }

  return {
    ...base,
    create,
    createOk,
    list,
    listOk,
    answer,
    withdraw,
    selectWinner,
    closeRound,
    setSms,
    rowsOf,
    rowOf,
    passDeadline,
    runLapseJob,
  };
}
export type CounterOfferHelpers = ReturnType<typeof counterOfferHelpers>;
