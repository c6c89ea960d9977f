import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { acceptRawUploads } from '../../http/raw-upload';
import {
  downloadProof,
  MAX_PROOF_BYTES,
  PROOF_TOO_LARGE_MESSAGE,
  uploadProof,
} from './financing-proofs.service';

const user = { access: 'user' } as const;

/** Upload a financing proof as the raw body; download it again as its bidder, the round's owner or an admin. */
export function financingProofsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/bids/:bidId/financing-proof',
      { config: user, schema: { params: z.object({ bidId: z.uuid('Ugyldig bud') }) } },
      async (request, reply) => {
        const file = await downloadProof(deps, viewerOf(request), request.params.bidId);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );

    await app.register(uploadRoute(deps));
  };
}

// Its own plugin, so that raw bytes of any declared type and a 10 MB body are accepted on this route alone.
function uploadRoute(deps: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    acceptRawUploads(app, MAX_PROOF_BYTES, PROOF_TOO_LARGE_MESSAGE);

    app.post(
      '/api/financing-proofs',
      {
        config: user,
        // Refuse visitors before reading up to 10 MB.
        onRequest: async (request) => {
          if (!request.session?.userId) throw new Unauthorized();
        },
      },
      async (request, reply) => {
        const proof = await uploadProof(
          deps,
          viewerOf(request),
          request.headers['content-type'],
          request.body as Buffer | undefined,
        );
        return reply.status(201).send(proof);
      },
    );
  };
}
