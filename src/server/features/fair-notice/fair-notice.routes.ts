import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryReportSchema, myAnswerBodySchema } from '../../../shared/schemas/fair-notice';
import {
  bidderStatesSchema,
  deliveryReportAnswerSchema,
  myAnswerSchema,
} from '../../../shared/schemas/responses/fair-notice';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { receiveDeliveryReport, requireGatewayToken } from './delivery-reports.service';
import { answerRound, listBidderStates } from './fair-notice.service';

const user = { access: 'user' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

/**
 * Everyone told (decision 066): the owner's list of bidders (403 for anyone else, 404 for an unknown round),
 * a bidder's answer (403 for anyone without a live bid, 409 for the leader or an ended round), and the SMS
 * gateway's delivery reports (401 for a wrong token, 404 for a message it never named).
 */
export function fairNoticeRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/owner/bid-rounds/:id/bidders',
      {
        config: user,
        schema: { params: roundParams, response: { 200: bidderStatesSchema, ...errorResponses(403, 404) } },
      },
      (request) => listBidderStates(deps, viewerOf(request), request.params.id),
    );
    app.put(
      '/api/bid-rounds/:id/my-answer',
      {
        config: user,
        schema: {
          params: roundParams,
          body: myAnswerBodySchema,
          response: { 200: myAnswerSchema, ...errorResponses(403, 404, 409) },
        },
      },
      (request) => answerRound(deps, viewerOf(request), request.params.id, request.body.answer),
    );
    // Server to server: no session and no Origin; the bearer token is its protection.
    app.post(
      '/api/sms/delivery-reports',
      {
        config: { access: 'public', csrfExempt: true },
        onRequest: async (request) => requireGatewayToken(deps, request.headers.authorization),
        schema: {
          body: deliveryReportSchema,
          response: { 200: deliveryReportAnswerSchema, ...errorResponses(401, 404) },
        },
      },
      (request) => receiveDeliveryReport(deps, request.body),
    );
  };
}
