import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../shared/schemas/responses/common';
import {
  myViewingSignupsSchema,
  viewingCreatedSchema,
  viewingSignupListSchema,
  viewingSignupStatusSchema,
} from '../../../shared/schemas/responses/viewing';
import { createViewingSchema } from '../../../shared/schemas/viewing';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { viewingCalendar } from './viewing-calendar';
import { mySignups, setSignedUp, viewingSignups } from './viewing-signups.service';
import { signupsToCsv, viewingFileName } from './viewing-signups-csv';
import { addViewing, removeViewing } from './viewings.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });
const viewingParams = roundParams.extend({ viewingId: z.uuid('Ugyldig visning') });
// A round or viewing that is gone answers 404, one its viewer may not manage 403, one that has ended 409.
const managing = errorResponses(403, 404, 409);

/** The viewings (visninger) of a round and their lists (decision 045). */
export function viewingsRoutes(deps: AppDeps) {
  const { db } = deps;
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/bid-rounds/:id/viewings',
      {
        config: user,
        schema: {
          params: roundParams,
          body: createViewingSchema,
          response: { 201: viewingCreatedSchema, ...managing },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ viewing: await addViewing(deps, viewerOf(request), request.params.id, request.body) }),
    );
    // Only one that has not begun: once buyers have come, its 12:00 deadline stands (409).
    app.delete(
      '/api/bid-rounds/:id/viewings/:viewingId',
      { config: user, schema: { params: viewingParams, response: { 200: messageSchema, ...managing } } },
      (request) => removeViewing(deps, viewerOf(request), request.params.id, request.params.viewingId),
    );

    // Public, as the times and the address are on every card (decision 045).
    app.get(
      '/api/bid-rounds/:id/viewings/:viewingId/calendar.ics',
      {
        config: { access: 'public' },
        schema: {
          params: viewingParams,
          response: {
            200: {
              description: 'Visningen som iCalendar-fil (vedlegg)',
              content: { 'text/calendar': { schema: z.string() } },
            },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const { filename, ics } = await viewingCalendar(deps, request.params.id, request.params.viewingId);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(ics);
      },
    );

    // Signed-in with a verified address (403 otherwise, and for the round's owner); 409 once the viewing
    // or the round is over. Either call may be repeated.
    const signup = { params: viewingParams, response: { 200: viewingSignupStatusSchema, ...managing } };
    app.post('/api/bid-rounds/:id/viewings/:viewingId/signup', { config: user, schema: signup }, (request) =>
      setSignedUp(deps, viewerOf(request), request.params.id, request.params.viewingId, true),
    );
    app.delete(
      '/api/bid-rounds/:id/viewings/:viewingId/signup',
      { config: user, schema: signup },
      (request) => setSignedUp(deps, viewerOf(request), request.params.id, request.params.viewingId, false),
    );
    app.get(
      '/api/bid-rounds/:id/viewing-signups',
      {
        config: user,
        schema: { params: roundParams, response: { 200: myViewingSignupsSchema, ...errorResponses(404) } },
      },
      (request) => mySignups(db, viewerOf(request), request.params.id),
    );

    // The list, for the round's owner and administrators only (403 for anyone else).
    app.get(
      '/api/bid-rounds/:id/viewings/:viewingId/signups',
      {
        config: user,
        schema: {
          params: viewingParams,
          response: { 200: viewingSignupListSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { id, viewingId } = request.params;
        return { signups: (await viewingSignups(db, viewerOf(request), id, viewingId)).signups };
      },
    );
    app.get(
      '/api/bid-rounds/:id/viewings/:viewingId/signups.csv',
      {
        config: user,
        schema: {
          params: viewingParams,
          response: {
            200: {
              description: 'Visningslisten som CSV (vedlegg)',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) => {
        const { viewing, signups } = await viewingSignups(
          db,
          viewerOf(request),
          request.params.id,
          request.params.viewingId,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${viewingFileName('visningsliste', viewing.startsAt, 'csv')}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(signupsToCsv(signups));
      },
    );
  };
}
