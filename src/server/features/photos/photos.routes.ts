import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidRoundViewSchema } from '../../../shared/schemas/responses/bid-round';
import { roundPhotosSchema } from '../../../shared/schemas/round-photos';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { setRoundPhotos } from './photos.service';

const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

/** The round's photos after publishing (decision 043); at creation they come with POST /api/bid-round. */
export function photosRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/api/bid-rounds/:id/photos',
      {
        config: { access: 'user' },
        schema: {
          params: roundParams,
          body: roundPhotosSchema,
          // 403 for anyone but the owner and admins, 404 for a round that is gone, 409 once it has ended.
          response: { 200: bidRoundViewSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) => setRoundPhotos(deps, viewerOf(request), request.params.id, request.body.imageUrls),
    );
  };
}
