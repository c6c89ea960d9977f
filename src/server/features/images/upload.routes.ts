import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedImageSchema, uploadLinkSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { acceptRawUploads } from '../../http/raw-upload';
import { errorResponses } from '../../http/responses';
import { MAX_IMAGE_BYTES } from './image-processing';
import {
  checkUploadLink,
  receiveUpload,
  registerPropertyImage,
  requestUpload,
  TOO_LARGE_MESSAGE,
} from './upload.service';
import { parseUploadLink, UPLOAD_PATH_PREFIX } from './upload-links';

const user = { access: 'user' } as const;

const registerImageSchema = z.object({
  imageURL: z.string().trim().min(1, 'Bildet mangler').max(2000, 'Ugyldig bildeadresse'),
});

/** The three upload calls of SPEC §7 Images: get a link, PUT the file to it, register the path. */
export function uploadRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/objects/upload',
      { config: user, schema: { response: { 200: uploadLinkSchema } } },
      async (request) => requestUpload(deps, viewerOf(request).id),
    );

    const registerSchemas = { body: registerImageSchema, response: { 200: storedImageSchema } };
    app.put('/api/property-images', { config: user, schema: registerSchemas }, (request) =>
      registerPropertyImage(deps, viewerOf(request).id, request.body.imageURL),
    );

    await app.register(fileUploadRoute(deps));
  };
}

const linkOf = (request: FastifyRequest) =>
  parseUploadLink((request.params as { id?: unknown }).id, request.query);

// Its own plugin, so that raw bytes of any type and a 10 MB body are accepted on this route alone.
function fileUploadRoute(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    acceptRawUploads(app, MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE);

    app.put(
      `${UPLOAD_PATH_PREFIX}:id`,
      {
        config: user,
        // 403 for a forged, someone else's or expired link; 409 when the link already stored its image.
        schema: { response: { 200: storedImageSchema, ...errorResponses(403, 409) } },
        // Refuse visitors and bad links before reading up to 10 MB.
        onRequest: async (request) => {
          const userId = request.session?.userId;
          if (!userId) throw new Unauthorized();
          checkUploadLink(deps, userId, linkOf(request));
        },
      },
      (request) =>
        receiveUpload(deps, viewerOf(request).id, linkOf(request), request.body as Buffer | undefined),
    );
  };
}
