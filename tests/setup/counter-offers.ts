import type { CounterOfferView } from '../../src/shared/schemas/counter-offer';
import { rejectionHelpers } from './rejections';
import { inHours } from './rounds';
import type { TestApp } from './test-app';

/**
 * What the counter-offer tests (issue 23, items 4–8) share: the calls as a client makes them, and the
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

  return { ...base, create, createOk, list, listOk, answer, withdraw };
}
export type CounterOfferHelpers = ReturnType<typeof counterOfferHelpers>;
