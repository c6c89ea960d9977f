import type { FastifyInstance } from 'fastify';
import { personalDataExportSchema } from '../../../shared/schemas/responses/user';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { EXPORT_FILENAME, exportPersonalData } from './data-export.service';

// The export reads what every feature holds of the user, through their services, so it sits above them all
// in the order of feature folders; it was part of accounts, which they all read (decision 056).

export function dataExportRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    // A download of everything held about the user (GDPR art. 15 and 20; decision 014).
    const exportSchemas = {
      response: {
        200: {
          description: `Filen ${EXPORT_FILENAME} (Content-Disposition: attachment)`,
          content: { 'application/json': { schema: personalDataExportSchema } },
        },
        ...errorResponses(404),
      },
    };
    // Sent as prepared, indented text (a file to keep), so the schema documents it without typing the send.
    base.get(
      '/api/users/me/export',
      { config: { access: 'user' }, schema: exportSchemas },
      async (request, reply) => {
        const data = await exportPersonalData(deps, viewerOf(request));
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(data, null, 2));
      },
    );
  };
}
