import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waivedConditionSchema } from '../../../shared/schemas/responses/fair-notice';
import { signedActBodySchema } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { waiveCondition } from './conditions.service';

const user = { access: 'user' } as const;
const params = z.object({
  bidId: z.uuid('Ugyldig bud'),
  index: z.coerce.number({ error: 'Ugyldig forbehold' }).int('Ugyldig forbehold').min(0, 'Ugyldig forbehold'),
});

/**
 * Waiving a condition (decision 066): 403 for anyone the bid does not bind, 404 for an unknown bid or
 * condition, 409 when it is waived already, has run out, or the bid no longer binds.
 */
export function conditionsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/api/bids/:bidId/conditions/:index/waive',
      {
        config: user,
        schema: {
          params,
          body: signedActBodySchema,
          response: { 200: waivedConditionSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) =>
        waiveCondition(
          deps,
          viewerOf(request),
          request.params.bidId,
          request.params.index,
          request.body,
          request.log,
        ),
    );
  };
}
