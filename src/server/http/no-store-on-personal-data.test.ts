import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/accounts';
import { createRoundAs, placeBidOk } from '../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
let seller: string;
let bidder: string;
let roundId: string;

beforeAll(async () => {
  t = await createTestApp({
    // A route that declares itself cacheable, as a truly public one may: its own header must stay.
    extend: (app) =>
      app.get('/api/test-cacheable', { config: { access: 'public' } }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      ),
  });
  seller = await signUp(t, 'selger@example.no', { phoneNumber: '91111111' });
  bidder = await signUp(t, 'byder@example.no', { phoneNumber: '92222222' });
  roundId = (await createRoundAs(t, seller)).id;
  await placeBidOk(t, bidder, roundId, 4_000_000);
  await t.request({ method: 'PUT', url: `/api/bid-rounds/${roundId}/close`, cookie: seller });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

describe('Cache-Control: no-store on API answers with personal data', () => {
  it.each([
    ['the signed-in user', '/api/auth/user', 'seller'],
    ['the owner’s bid list', 'owner-bids', 'seller'],
    ['journals', '/api/user/bid-journals', 'bidder'],
    ['the user’s bids', '/api/user/bids', 'bidder'],
    ['the rounds list, personalised when signed in', '/api/bid-rounds/active', 'bidder'],
    ['the data export', '/api/users/me/export', 'bidder'],
  ])('%s', async (_name, path, who) => {
    const url = path === 'owner-bids' ? `/api/owner/bid-rounds/${roundId}/bids` : path;
    const res = await get(url, who === 'seller' ? seller : bidder);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('errors, refusals and unknown API paths too', async () => {
    for (const res of [
      await get('/api/auth/user'),
      await get(`/api/owner/bid-rounds/${roundId}/bids`, bidder),
      await get('/api/finnes-ikke'),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a route’s own Cache-Control is kept', async () => {
    const res = await get('/api/test-cacheable');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
