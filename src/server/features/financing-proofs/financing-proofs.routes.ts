import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileBytesSchema, uploadedProofSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { sendPrivateFile } from '../../http/attachment';
import { acceptRawUploads } from '../../http/raw-upload';
import { errorResponses } from '../../http/responses';
import {
  downloadProof,
  MAX_PROOF_BYTES,
  PROOF_TOO_LARGE_MESSAGE,
  uploadProof,
} from './financing-proofs.service';

const user = { access: 'user' } as const;

// The file as uploaded, in the type its bytes were found to be; 403 for anyone but its bidder, the round's
// owner or an administrator, 404 for an unknown bid or a bid without a proof.
const downloadSchemas = {
  params: z.object({ bidId: z.uuid('Ugyldig bud') }),
  response: {
    200: {
      description: 'Finansieringsbeviset som vedlegg (Content-Disposition: attachment)',
      content: {
        'application/pdf': { schema: fileBytesSchema },
        'image/jpeg': { schema: fileBytesSchema },
        'image/png': { schema: fileBytesSchema },
      },
    },
    ...errorResponses(403, 404),
  },
};

/** Upload a financing proof as the raw body; download it again as its bidder, the round's owner or an admin. */
export function financingProofsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    // The bytes are sent as they are (Fastify never serialises a Buffer), so this route goes without the type
    // provider, whose send would want the documented string.
    base.get(
      '/api/bids/:bidId/financing-proof',
      { config: user, schema: downloadSchemas },
      async (request, reply) => {
        const { bidId } = request.params as { bidId: string };
        return sendPrivateFile(reply, await downloadProof(deps, viewerOf(request), bidId));
      },
    );

    await base.register(uploadRoute(deps));
  };
}

// Its own plugin, so that raw bytes of any declared type and a 10 MB body are accepted on this route alone.
function uploadRoute(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    acceptRawUploads(app, MAX_PROOF_BYTES, PROOF_TOO_LARGE_MESSAGE);

    app.post(
      '/api/financing-proofs',
      {
        config: user,
        // 403 until the address is verified; a type that is not PDF, JPEG or PNG is 400 (common).
        schema: { response: { 201: uploadedProofSchema, ...errorResponses(403) } },
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
