import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { EventHub } from '../events/event-hub';
import { countJobsByState } from '../jobs/queue';

/**
 * What an operator watches, in Prometheus's format (prom-client), one registry per app so that tests can
 * build several. Counted by the code that does the work; the job and stream figures are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'budrunde_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status, and how long they took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly bids = new Counter({
    name: 'budrunde_bids_total',
    help: 'Bids sent, by outcome: placed, or refused with the answer status (400 too low, 409 round ended …).',
    labelNames: ['outcome', 'status'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'budrunde_job_failures_total',
    help: 'Failed job attempts by type (mail:send and the other mail types, sms:send …); each is retried.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  constructor(db: Db, events: Pick<EventHub, 'streamCount'>) {
    collectDefaultMetrics({ register: this.registry, prefix: 'budrunde_' });
    new Gauge({
      name: 'budrunde_event_streams',
      help: 'Open GET /api/events streams in this process.',
      registers: [this.registry],
      collect() {
        this.set(events.streamCount);
      },
    });
    new Gauge({
      name: 'budrunde_jobs',
      help: 'Jobs not completed, by type and state: pending (waiting or under way) or failed (gave up).',
      labelNames: ['type', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await countJobsByState(db))
          this.set({ type: row.type, state: row.state }, row.count);
      },
    });
  }

  bidPlaced(): void {
    this.bids.inc({ outcome: 'placed', status: '201' });
  }

  bidRefused(status: number): void {
    this.bids.inc({ outcome: 'refused', status: String(status) });
  }

  jobFailed(type: string): void {
    this.jobFailures.inc({ type });
  }

  /** Times every request; the route is its pattern (/api/bid-rounds/:id), never the URL with its ids. */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }
}

/**
 * GET /metrics, only with `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured, app.ts
 * registers neither this route (404) nor the metrics, so nothing about the process is exposed by default.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Du må oppgi riktig nøkkel' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
