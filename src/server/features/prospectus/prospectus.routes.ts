import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidRoundViewSchema } from '../../../shared/schemas/responses/bid-round';
import { fileBytesSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { sendPrivateFile } from '../../http/attachment';
import { acceptRawUploads } from '../../http/raw-upload';
import { errorResponses } from '../../http/responses';
import {
  checkProspectusUploader,
  downloadProspectus,
  MAX_PROSPECTUS_BYTES,
  PROSPECTUS_TOO_LARGE,
  removeProspectus,
  uploadProspectus,
} from './prospectus.service';

const user = { access: 'user' } as const;
const PATH = '/api/bid-rounds/:id/prospectus';
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });
// Owner or admin (else 403), a round that exists (404) and is open (409); the answer is the round as its
// page shows it, with property.prospectus.
const changeResponses = { 200: bidRoundViewSchema, ...errorResponses(403, 404, 409) };

/**
 * The salgsoppgave (decision 044): the owner or an admin uploads it as the raw body and removes
 * it; every signed-in user downloads it.
 */
export function prospectusRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.delete(
      PATH,
      { config: user, schema: { params: roundParams, response: changeResponses } },
      (request) => removeProspectus(deps, viewerOf(request), request.params.id),
    );

    // The bytes are sent as they are (Fastify never serialises a Buffer), so this route goes without the type
    // provider, whose send would want the documented string.
    base.get(
      PATH,
      {
        config: user,
        schema: {
          params: roundParams,
          response: {
            200: {
              description:
                'Salgsoppgaven som vedlegg: Content-Disposition: attachment; filename="salgsoppgave-<tittel>.pdf"',
              content: { 'application/pdf': { schema: fileBytesSchema } },
            },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        return sendPrivateFile(reply, await downloadProspectus(deps, id));
      },
    );

    await base.register(uploadRoute(deps));
  };
}

// Its own plugin, so that raw bytes and a 25 MB body are accepted on this route alone.
function uploadRoute(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    acceptRawUploads(app, MAX_PROSPECTUS_BYTES, PROSPECTUS_TOO_LARGE);

    app.put(
      PATH,
      {
        config: user,
        schema: {
          params: roundParams,
          // Documents the raw body; the bytes are checked by the service (a PDF by its own signature).
          consumes: ['application/pdf'],
          body: z
            .unknown()
            .meta({ type: 'string', format: 'binary', description: 'Salgsoppgaven som PDF, høyst 25 MB' }),
          // 400 for a file that is not a PDF by its bytes, 413 for one over 25 MB (common).
          response: changeResponses,
        },
        // Refuse visitors, others' rounds and ended rounds before reading up to 25 MB. A malformed id is
        // left to the params check (400).
        onRequest: async (request) => {
          const userId = request.session?.userId;
          if (!userId) throw new Unauthorized();
          const id = (request.params as { id?: string }).id ?? '';
          if (roundParams.safeParse({ id }).success) await checkProspectusUploader(deps, userId, id);
        },
      },
      (request) =>
        uploadProspectus(deps, viewerOf(request), request.params.id, request.body as Buffer | undefined),
    );
  };
}
