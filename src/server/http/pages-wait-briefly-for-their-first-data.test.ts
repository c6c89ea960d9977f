import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET_MS, firstScreenLoader } from './first-screen';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * An app whose /api/auth/user and round list answer after `delay()` ms with `status`, counting the calls,
 * with a route that reports a page's first data.
 */
async function appAnswering(delay: () => number, status = 200) {
  const app = Fastify();
  apps.push(app);
  const calls = { user: 0 };
  const later = (value: unknown) => new Promise((resolve) => setTimeout(() => resolve(value), delay()));
  app.get('/api/auth/user', async (_request, reply) => {
    calls.user++;
    return reply.code(status).send(await later({ id: 'u1' }));
  });
  app.get('/api/bid-rounds/active', async () => later([{ id: 'r1', property: { imageUrl: null } }]));
  const firstScreen = firstScreenLoader(app);
  app.get('/page', async (request) => firstScreen(request, (request.query as { path?: string }).path ?? '/'));
  await app.ready();
  return { app, calls };
}

const NONE = { data: { entries: [] }, signedIn: false };

describe('the first data a page carries never holds the page up for long', () => {
  it('a slow API (a database that hangs) costs the page at most its budget, and the page goes out without data', async () => {
    const { app } = await appAnswering(() => 5_000);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/page' });
    const waited = Date.now() - started;
    expect(res.json()).toEqual(NONE);
    expect(waited).toBeGreaterThanOrEqual(FIRST_SCREEN_BUDGET_MS - 100);
    expect(waited).toBeLessThan(2_000);
  });

  it('after a call ran over its budget, the next pages make no calls for a while (no second load on a stalled database)', async () => {
    let delay = 5_000;
    const { app, calls } = await appAnswering(() => delay);
    await app.inject({ method: 'GET', url: '/page' });
    expect(calls.user).toBe(1);
    delay = 0;
    const started = Date.now();
    const next = await app.inject({ method: 'GET', url: '/page' });
    expect(next.json()).toEqual(NONE);
    expect(Date.now() - started).toBeLessThan(200);
    expect(calls.user).toBe(1);
  });

  it('a failing call (503) is left out, not passed on', async () => {
    const { app } = await appAnswering(() => 0, 503);
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.json()).toEqual(NONE);
  });

  it('a page with no first data of its own (text, a stray /favicon.ico) makes no calls at all', async () => {
    const { app, calls } = await appAnswering(() => 0);
    for (const path of ['/how-it-works', '/favicon.ico', '/wp-login.php']) {
      const res = await app.inject({ method: 'GET', url: `/page?path=${encodeURIComponent(path)}` });
      expect(res.json()).toEqual(NONE);
    }
    expect(calls.user).toBe(0);
  });

  it('with quick answers, the user and the page data are both there', async () => {
    const { app } = await appAnswering(() => 0);
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.json()).toEqual({
      data: {
        entries: [
          { key: ['/api/auth/user'], data: { id: 'u1' } },
          { key: ['/api/bid-rounds/active'], data: [{ id: 'r1', property: { imageUrl: null } }] },
        ],
      },
      signedIn: true,
    });
  });
});
