import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../http/responses';

// Readiness answers within this, even when the database hangs rather than refuses.
const READY_TIMEOUT_MS = 2_000;

// Outside the API context, so the common error answers are not added here: these are all they give.
const healthResponses = { 200: z.object({ status: z.literal('ok') }), ...errorResponses(500) };
const readyResponses = {
  200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  503: z
    .object({ status: z.literal('error'), database: z.literal('unavailable'), message: z.string() })
    .describe('Databasen svarer ikke'),
  ...errorResponses(500),
};

/**
 * /api/health: liveness. The process is up and serving; it touches no database, so an orchestrator never
 * restarts a healthy process because PostgreSQL is away. /api/ready: readiness, 503 while the database
 * does not answer, so a load balancer sends traffic elsewhere until it does.
 */
export function healthRoutes({ db }: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const pub = { access: 'public' } as const;
    app.get('/api/health', { config: pub, schema: { response: healthResponses } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get('/api/ready', { config: pub, schema: { response: readyResponses } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok', database: 'ok' } as const;
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'readiness check: database unavailable');
        return reply
          .status(503)
          .send({ status: 'error', database: 'unavailable', message: 'Databasen svarer ikke' });
      } finally {
        clearTimeout(timer);
      }
    });
  };
}
