import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, userIdOf } from '../setup/admin';
import { holdRoundRow } from '../setup/round-row-held';
import { createRoundAs } from '../setup/rounds';
import { createTestApp, type TestApp } from '../setup/test-app';

// Decision 054: the address cannot change once a live bid stands, decided under the round's row lock that
// place_bid takes. Here another connection holds that row, as a bid being placed does, and commits a bid
// while the edit waits: the edit must see it and be refused. PostgreSQL only (PGlite has one connection).

const ADDRESS_LOCKED = 'Adressen kan ikke endres etter at det er lagt inn bud';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an address edit under the round’s lock', () => {
  it('waits for a bid being placed at the same moment, and is refused once it commits', async () => {
    const owner = await signInVerified(t, 'selger-las@example.no', { firstName: 'Selma' });
    await signInVerified(t, 'arne-las@example.no', { firstName: 'Arne' });
    const bidder = await userIdOf(t, 'arne-las@example.no');
    const round = await createRoundAs(t, owner, { address: 'Gamleveien 1, 0150 Oslo' });
    const holder = await holdRoundRow(t, round.id);
    await holder.query(
      `insert into bids (bid_round_id, user_id, amount, bid_deadline)
       values ($1, $2, 4100000, now() + interval '6 hours')`,
      [round.id, bidder],
    );
    const edit = t.request({
      method: 'PATCH',
      url: `/api/bid-rounds/${round.id}`,
      cookie: owner,
      payload: { address: 'Nyveien 2, 0150 Oslo' },
    });
    // The edit waits for the round's row until the bid commits.
    const waiting = async () =>
      (
        await holder.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows[0]?.n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    await holder.query('commit');
    await holder.end();
    const res = await edit;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ADDRESS_LOCKED);
    const after = await t.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: owner });
    expect(after.json().property.address).toBe('Gamleveien 1, 0150 Oslo');
  });
});
