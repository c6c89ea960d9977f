import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export function healthRoutes({ db }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        return reply
          .status(503)
          .send({ status: 'error', database: 'unavailable', message: 'Databasen svarer ikke' });
      }
    });
  };
}
