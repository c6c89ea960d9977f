import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileBytesSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { errorResponses } from '../../http/responses';
import { PROPERTY_IMAGE_FOLDER } from './image-processing';

// Outside the API context, so the common error answers are not added here: these are all it gives.
const imageResponses = {
  200: {
    description: 'Bildet, slik det ble lagret (JPEG eller PNG)',
    content: { 'image/jpeg': { schema: fileBytesSchema }, 'image/png': { schema: fileBytesSchema } },
  },
  ...errorResponses(404, 500),
};

export function objectsRoutes({ storage }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/objects/:folder/:file',
      { schema: { params: z.object({ folder: z.string(), file: z.string() }), response: imageResponses } },
      async (request, reply) => {
        const { folder, file } = request.params as { folder: string; file: string };
        // Only property images are public. Financing proofs share the storage but never this path.
        const object = folder === PROPERTY_IMAGE_FOLDER ? await storage.get(`${folder}/${file}`) : null;
        if (!object) throw new NotFound('Bildet finnes ikke');
        // Keys are random and never reused, so a stored image can be cached for good.
        return reply
          .header('content-type', object.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(object.bytes);
      },
    );
  };
}
