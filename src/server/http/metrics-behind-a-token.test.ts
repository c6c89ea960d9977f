import { afterEach, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../tests/setup/admin';
import { createRoundAs, placeBid } from '../../../tests/setup/rounds';
import { silentLogger } from '../../../tests/setup/silent-logger';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { enqueueJob } from '../jobs/queue';
import { JobWorker } from '../jobs/worker';

const TOKEN = 'metrics-token-metrics-token';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scrape = (app: TestApp, authorization?: string) =>
  app.request({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    t = await createTestApp();
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers only the right bearer token', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer feil-feil-feil-feil-feil')).statusCode).toBe(401);
    expect((await scrape(t, TOKEN)).statusCode).toBe(401);
    const ok = await scrape(t, `Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('reports request durations per route, bids placed and refused, jobs by state and open streams', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const app = t;
    const seller = await signInVerified(app, 'selger@example.no');
    const bidder = await signInVerified(app, 'byder@example.no');
    const round = await createRoundAs(app, seller);
    expect((await placeBid(app, bidder, round.id, 4_000_000)).statusCode).toBe(201);
    expect((await placeBid(app, bidder, round.id, 4_000_000)).statusCode).toBe(400);
    await app.request({ method: 'GET', url: `/api/bid-rounds/${round.id}`, cookie: bidder });

    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    // The route's pattern, never the URL with the round's id in it.
    expect(text).toMatch(
      /budrunde_http_request_duration_seconds_count\{method="GET",route="\/api\/bid-rounds\/:id",status="200"\} 1/,
    );
    expect(text).not.toContain(round.id);
    expect(text).toContain('budrunde_bids_total{outcome="placed",status="201"} 1');
    expect(text).toContain('budrunde_bids_total{outcome="refused",status="400"} 1');
    expect(text).toContain('budrunde_jobs{type="bid:placed",state="pending"} 1');
    expect(text).toContain('budrunde_event_streams 0');
    expect(text).toContain('budrunde_process_resident_memory_bytes');
  });

  it('counts failed job attempts by type, as the worker reports them', async () => {
    t = await createTestApp();
    const failed: string[] = [];
    await enqueueJob(t.deps.db, 'mail:send', { to: 'x@example.no' });
    const worker = new JobWorker(
      t.deps.db,
      {
        'mail:send': async () => {
          throw new Error('SMTP svarer ikke');
        },
      },
      silentLogger,
      [],
      { backoffMs: () => 60_000, onJobFailed: (type) => failed.push(type) },
    );
    await worker.runDueJobs();
    expect(failed).toEqual(['mail:send']);
  });
});
