import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCounterOfferSchema } from '../../../shared/schemas/counter-offer';
import {
  acceptedCounterOfferSchema,
  counterOfferViewSchema,
  createdCounterOfferSchema,
} from '../../../shared/schemas/responses/counter-offer';
import { recordedActSchema } from '../../../shared/schemas/responses/record';
import { signedActBodySchema } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import {
  acceptCounterOffer,
  createCounterOffer,
  declineCounterOffer,
  listCounterOffers,
  withdrawCounterOffer,
} from './counter-offers.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });
const offerParams = z.object({ id: z.uuid('Ugyldig motbud') });

/**
 * The seller's counter-offers (motbud, decision 035): 403 for anyone but the owner (making, withdrawing) or
 * the recipient (accepting, declining), 404 for an unknown round, bid or counter-offer, 409 when the bid no
 * longer binds, the counter-offer is no longer open, or the round has ended.
 */
export function counterOffersRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/bid-rounds/:id/counter-offers',
      {
        config: user,
        schema: {
          params: roundParams,
          body: createCounterOfferSchema,
          response: { 201: createdCounterOfferSchema, ...errorResponses(403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createCounterOffer(deps, viewerOf(request), request.params.id, request.body, request.log),
          ),
    );
    app.get(
      '/api/bid-rounds/:id/counter-offers',
      {
        config: user,
        schema: {
          params: roundParams,
          response: { 200: z.array(counterOfferViewSchema), ...errorResponses(404) },
        },
      },
      (request) => listCounterOffers(deps, viewerOf(request), request.params.id),
    );
    const answer = (response: z.ZodType) => ({
      config: user,
      schema: { params: offerParams, response: { 200: response, ...errorResponses(403, 404, 409) } },
    });
    // The acceptance's body is its signature, when signed (decision 041); it may be left out.
    app.put(
      '/api/counter-offers/:id/accept',
      {
        config: user,
        schema: {
          params: offerParams,
          body: signedActBodySchema,
          response: { 200: acceptedCounterOfferSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) => acceptCounterOffer(deps, viewerOf(request), request.params.id, request.body, request.log),
    );
    app.put('/api/counter-offers/:id/decline', answer(recordedActSchema), (request) =>
      declineCounterOffer(deps, viewerOf(request), request.params.id),
    );
    app.delete('/api/counter-offers/:id', answer(recordedActSchema), (request) =>
      withdrawCounterOffer(deps, viewerOf(request), request.params.id),
    );
  };
}
