import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

// Readiness answers within this, even when the database hangs rather than refuses.
const READY_TIMEOUT_MS = 2_000;

/**
 * /api/health: liveness. The process is up and serving; it touches no database, so an orchestrator never
 * restarts a healthy process because PostgreSQL is away. /api/ready: readiness, 503 while the database
 * does not answer, so a load balancer sends traffic elsewhere until it does.
 */
export function healthRoutes({ db }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get('/api/ready', { config: { access: 'public' } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok', database: 'ok' };
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
