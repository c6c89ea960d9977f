import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteCoBidderSchema } from '../../../shared/schemas/co-bidder';
import {
  coBidderInvitationAnswerSchema,
  coBidderListSchema,
  invitedCoBidderSchema,
} from '../../../shared/schemas/responses/co-bidder';
import { recordedActSchema } from '../../../shared/schemas/responses/record';
import { signedActBodySchema } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { leaveGroup } from './co-bidder-leaving';
import { acceptInvitation, declineInvitation, inviteCoBidder, listCoBidders } from './co-bidders.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });
const invitationParams = z.object({ id: z.uuid('Ugyldig invitasjon') });

/**
 * Bidding together (decision 065): 400 for a bad address or inviting oneself, 403 for anyone but the address
 * invited (answering) or the owner's own round (inviting), 404 for an unknown round or invitation, 409 when
 * a rule of the group says no (already invited, in another group, an own bid, too many, the owner) or the
 * invitation is answered or lapsed.
 */
export function coBiddersRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/bid-rounds/:id/co-bidders',
      {
        config: user,
        schema: {
          params: roundParams,
          body: inviteCoBidderSchema,
          response: { 201: invitedCoBidderSchema, ...errorResponses(403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inviteCoBidder(deps, viewerOf(request), request.params.id, request.body)),
    );
    app.get(
      '/api/bid-rounds/:id/co-bidders',
      {
        config: user,
        schema: { params: roundParams, response: { 200: coBidderListSchema, ...errorResponses(403, 404) } },
      },
      (request) => listCoBidders(deps, viewerOf(request), request.params.id),
    );
    // Leaving is signed as joining is (decision 041); the body is the signature, and may be left out.
    app.delete(
      '/api/bid-rounds/:id/co-bidders/me',
      {
        config: user,
        schema: {
          params: roundParams,
          body: signedActBodySchema,
          response: { 200: recordedActSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) => leaveGroup(deps, viewerOf(request), request.params.id, request.body, request.log),
    );
    const answering = {
      config: user,
      schema: {
        params: invitationParams,
        body: signedActBodySchema,
        response: { 200: coBidderInvitationAnswerSchema, ...errorResponses(403, 404, 409) },
      },
    };
    app.put('/api/co-bidder-invitations/:id/accept', answering, (request) =>
      acceptInvitation(deps, viewerOf(request), request.params.id, request.body, request.log),
    );
    // A decline binds no one, so it is not signed; a body is ignored.
    app.put('/api/co-bidder-invitations/:id/decline', answering, (request) =>
      declineInvitation(deps, viewerOf(request), request.params.id),
    );
  };
}
