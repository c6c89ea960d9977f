import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chainExportSchema } from '../../../shared/schemas/responses/record';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { exportChain } from './chain-export.service';

const user = { access: 'user' } as const;

export function roundChainRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // The chain as JSON, for any participant (decision 040); 403 for others, 404 for an unknown round.
    app.get(
      '/api/bid-rounds/:id/journal/export',
      {
        config: user,
        schema: {
          params: z.object({ id: z.uuid('Ugyldig budrunde') }),
          response: { 200: chainExportSchema, ...errorResponses(403, 404) },
        },
      },
      async (request, reply) => {
        const exported = await exportChain(deps, viewerOf(request), request.params.id);
        return reply
          .header('content-disposition', `attachment; filename="budkjede-${request.params.id}.json"`)
          .header('cache-control', 'no-store')
          .send(exported);
      },
    );
  };
}
