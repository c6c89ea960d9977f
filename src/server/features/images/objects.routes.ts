import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PHOTO_WIDTHS } from '../../../shared/format/photo-sizes';
import { fileBytesSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { errorResponses } from '../../http/responses';
import type { ObjectStorage } from '../../storage/storage';
import { PROPERTY_IMAGE_FOLDER } from './image-processing';

// Outside the API context, so the common error answers are not added here: these are all it gives.
const imageResponses = {
  200: {
    description: 'Bildet, slik det ble lagret (JPEG eller PNG)',
    content: { 'image/jpeg': { schema: fileBytesSchema }, 'image/png': { schema: fileBytesSchema } },
  },
  ...errorResponses(404, 500),
};

// '<uuid>-480w.jpg': a smaller size of '<uuid>.jpg' (shared/format/photo-sizes.ts).
const SIZE_FILE = new RegExp(`^([0-9a-f-]{36})-(?:${PHOTO_WIDTHS.join('|')})w\\.(jpg|png)$`);

/**
 * The stored image, or for a size that was never made (a photo stored before sizes existed, or one
 * narrower than the size) the original: a srcset never points at a missing file.
 */
async function propertyImage(storage: ObjectStorage, file: string) {
  const stored = await storage.get(`${PROPERTY_IMAGE_FOLDER}/${file}`);
  const size = stored ? null : SIZE_FILE.exec(file);
  return size ? storage.get(`${PROPERTY_IMAGE_FOLDER}/${size[1]}.${size[2]}`) : stored;
}

export function objectsRoutes({ storage }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/objects/:folder/:file',
      { schema: { params: z.object({ folder: z.string(), file: z.string() }), response: imageResponses } },
      async (request, reply) => {
        const { folder, file } = request.params as { folder: string; file: string };
        // Only property images are public. Financing proofs share the storage but never this path.
        const object = folder === PROPERTY_IMAGE_FOLDER ? await propertyImage(storage, file) : null;
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
