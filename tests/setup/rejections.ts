import type { OwnerBidView, RoundBids } from '../../src/shared/schemas/bid';
import { signInVerified } from './admin';
import { createRoundAs, placeBidOk } from './rounds';
import type { TestApp } from './test-app';

/**
 * What the rejection tests (decision 034) share: people with phones, the reject call, the round's lists
 * as each reader gets them, and a round with two bids (Arne 4 100 000, Berit 5 250 000) owned by Selma.
 */
export function rejectionHelpers(t: TestApp) {
  let n = 0;
  async function person(name: string, phone = `+47 9300${String(++n).padStart(4, '0')}`) {
    const email = `${name.toLowerCase()}-${++n}@example.no`;
    return {
      email,
      phone,
      cookie: await signInVerified(t, email, { firstName: name, lastName: 'Test', phone }),
    };
  }

  const reject = (roundId: string, bidId: string, cookie: string | null, message?: string) =>
    t.request({
      method: 'PUT',
      url: `/api/bid-rounds/${roundId}/bids/${bidId}/reject`,
      ...(cookie ? { cookie } : {}),
      payload: message === undefined ? {} : { message },
    });

  const roundBids = async (roundId: string, cookie: string) =>
    (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/bids`, cookie })).json() as RoundBids;
  const ownerBids = async (roundId: string, cookie: string) =>
    (
      await t.request({ method: 'GET', url: `/api/owner/bid-rounds/${roundId}/bids`, cookie })
    ).json() as OwnerBidView[];
  const round = async (roundId: string, cookie: string) =>
    (await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}`, cookie })).json();

  async function setting() {
    const owner = await person('Selma');
    const a = await person('Arne');
    const b = await person('Berit');
    const r = await createRoundAs(t, owner.cookie, {
      title: 'Avslagshuset',
      address: 'Avslagsveien 3, Oslo',
    });
    const bidA = await placeBidOk(t, a.cookie, r.id, 4_100_000);
    const bidB = await placeBidOk(t, b.cookie, r.id, 5_250_000);
    await t.runJobs();
    return { owner, a, b, roundId: r.id, bidA, bidB };
  }

  return { person, reject, roundBids, ownerBids, round, setting };
}
export type RejectionHelpers = ReturnType<typeof rejectionHelpers>;
