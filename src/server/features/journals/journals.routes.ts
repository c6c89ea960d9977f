import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { journalViewSchema } from '../../../shared/schemas/responses/journal';
import { fileBytesSchema } from '../../../shared/schemas/responses/uploads';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { acceptanceLetterFor } from './acceptance-letter';
import { exportJournalCsv, exportJournalPdf, listJournals } from './journals.service';

const user = { access: 'user' } as const;

export function journalsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/user/bid-journals',
      { config: user, schema: { response: { 200: z.array(journalViewSchema) } } },
      (request) => listJournals(deps, viewerOf(request)),
    );
    // A file, not JSON: a bidder's own copy is refused with 403, a round without a journal answers 404.
    app.get(
      '/api/bid-rounds/:id/journal/csv',
      {
        config: user,
        schema: {
          params: z.object({ id: z.uuid('Ugyldig budrunde') }),
          response: {
            200: {
              description: 'Den fullstendige budjournalen som CSV (vedlegg)',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) => {
        const { filename, csv } = await exportJournalCsv(deps, viewerOf(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
    // The reader's own copy as a PDF (decision 038), for every reader; 404 for one without a copy of the round.
    // The bytes are a Buffer, so this route goes without the type provider, whose send wants the documented string.
    base.get(
      '/api/bid-rounds/:id/journal.pdf',
      {
        config: user,
        schema: {
          params: z.object({ id: z.uuid('Ugyldig budrunde') }),
          response: {
            200: {
              description: 'Budjournalen, leserens eksemplar, som PDF (vedlegg)',
              content: { 'application/pdf': { schema: fileBytesSchema } },
            },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const { filename, pdf } = await exportJournalPdf(deps, viewerOf(request), id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    // The acceptance letter (decision 066): the seller, the buyer and co-bidders, and admins.
    base.get(
      '/api/bid-rounds/:id/acceptance-letter.pdf',
      {
        config: user,
        schema: {
          params: z.object({ id: z.uuid('Ugyldig budrunde') }),
          response: {
            200: {
              description: 'Akseptbrevet for budrunden som PDF (vedlegg)',
              content: { 'application/pdf': { schema: fileBytesSchema } },
            },
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const { filename, pdf } = await acceptanceLetterFor(deps, viewerOf(request), id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
}
