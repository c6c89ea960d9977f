import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenData } from './first-screen';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app whose /api/auth/user and round list answer after `delayMs`, with a page route that reports its first data. */
async function appAnswering(delayMs: number, status = 200) {
  const app = Fastify();
  apps.push(app);
  const later = (value: unknown) => new Promise((resolve) => setTimeout(() => resolve(value), delayMs));
  app.get('/api/auth/user', async (_request, reply) => reply.code(status).send(await later({ id: 'u1' })));
  app.get('/api/bid-rounds/active', async () => later([{ id: 'r1', property: { imageUrl: null } }]));
  app.get('/page', async (request) => firstScreenData(app, request, '/'));
  await app.ready();
  return app;
}

describe('the first data a page carries never holds the page up for long', () => {
  it('a slow API (a database that hangs) costs the page at most its budget, and the page goes out without data', async () => {
    const app = await appAnswering(5_000);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/page' });
    const waited = Date.now() - started;
    expect(res.json()).toEqual({ data: { entries: [] }, signedIn: false });
    expect(waited).toBeGreaterThanOrEqual(700);
    expect(waited).toBeLessThan(2_000);
  });

  it('a failing call (503) is left out, not passed on', async () => {
    const app = await appAnswering(0, 503);
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.json()).toEqual({ data: { entries: [] }, signedIn: false });
  });

  it('with quick answers, the user and the page data are both there', async () => {
    const app = await appAnswering(0);
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
