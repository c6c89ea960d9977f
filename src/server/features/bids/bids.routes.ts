import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeBidSchema } from '../../../shared/schemas/bid';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { viewerOf } from '../../http/access';
import type { Metrics } from '../../http/metrics';
import { listOwnerBids, listRoundBids, listUserBids, placeBid } from './bids.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

export function bidsRoutes(deps: AppDeps, metrics?: Pick<Metrics, 'bidPlaced' | 'bidRefused'>) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post('/api/bids', { config: user, schema: { body: placeBidSchema } }, async (request, reply) => {
      try {
        const bid = await placeBid(deps, viewerOf(request), request.body, request.log);
        metrics?.bidPlaced();
        return reply.status(201).send({ message: 'Bud lagt inn', bid });
      } catch (error) {
        if (error instanceof AppError) metrics?.bidRefused(error.statusCode);
        throw error;
      }
    });
    app.get('/api/bid-rounds/:id/bids', { config: user, schema: { params: roundParams } }, (request) =>
      listRoundBids(deps, viewerOf(request), request.params.id),
    );
    app.get('/api/owner/bid-rounds/:id/bids', { config: user, schema: { params: roundParams } }, (request) =>
      listOwnerBids(deps, viewerOf(request), request.params.id),
    );
    app.get('/api/user/bids', { config: user }, (request) => listUserBids(deps, viewerOf(request)));
  };
}
