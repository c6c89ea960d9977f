import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeBidSchema, rejectBidSchema } from '../../../shared/schemas/bid';
import {
  ownerBidViewSchema,
  placedBidSchema,
  rejectedBidSchema,
  roundBidsSchema,
  userBidViewSchema,
} from '../../../shared/schemas/responses/bid';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { viewerOf } from '../../http/access';
import type { Metrics } from '../../http/metrics';
import { errorResponses } from '../../http/responses';
import { signedLink } from '../round-chain/round-chain.service';
import { rejectBid } from './bid-answers.service';
import { listOwnerBids, listRoundBids, listUserBids, placeBidWithLink } from './bids.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

export function bidsRoutes(deps: AppDeps, metrics?: Pick<Metrics, 'bidPlaced' | 'bidRefused'>) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // A bid is refused with 403 (address not verified, own property, another's financing proof), 404 (no such
    // round) or 409 (the round has ended); a busy round's queue gives up with 503, as every route may.
    const placing = {
      body: placeBidSchema,
      response: { 201: placedBidSchema, ...errorResponses(403, 404, 409) },
    };
    app.post('/api/bids', { config: user, schema: placing }, async (request, reply) => {
      try {
        const { bid, link } = await placeBidWithLink(deps, viewerOf(request), request.body, request.log);
        metrics?.bidPlaced();
        return reply.status(201).send({ message: 'Bud lagt inn', bid, ...signedLink(deps, link) });
      } catch (error) {
        if (error instanceof AppError) metrics?.bidRefused(error.statusCode);
        throw error;
      }
    });
    app.get(
      '/api/bid-rounds/:id/bids',
      {
        config: user,
        schema: { params: roundParams, response: { 200: roundBidsSchema, ...errorResponses(404) } },
      },
      (request) => listRoundBids(deps, viewerOf(request), request.params.id),
    );
    // Only the owner and admins see who bid: anyone else is refused with 403.
    app.get(
      '/api/owner/bid-rounds/:id/bids',
      {
        config: user,
        schema: {
          params: roundParams,
          response: { 200: z.array(ownerBidViewSchema), ...errorResponses(403, 404) },
        },
      },
      (request) => listOwnerBids(deps, viewerOf(request), request.params.id),
    );
    // The seller's rejection (avslag): 403 for anyone but the owner and admins, 404 for an unknown round or
    // bid, 409 when the bid is no longer live, belongs to another round, or the round has ended.
    app.put(
      '/api/bid-rounds/:id/bids/:bidId/reject',
      {
        config: user,
        schema: {
          params: roundParams.extend({ bidId: z.uuid('Ugyldig bud') }),
          body: rejectBidSchema,
          response: { 200: rejectedBidSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) =>
        rejectBid(
          deps,
          viewerOf(request),
          request.params.id,
          request.params.bidId,
          request.body,
          request.log,
        ),
    );
    app.get(
      '/api/user/bids',
      { config: user, schema: { response: { 200: z.array(userBidViewSchema) } } },
      (request) => listUserBids(deps, viewerOf(request)),
    );
  };
}
