import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signatureOptionsResponseSchema } from '../../../shared/schemas/responses/signature';
import { signatureOptionsSchema } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { signatureOptions } from './signatures.service';

const user = { access: 'user' } as const;

/**
 * Signing binding acts with a passkey (decisions 039 and 041). The act is sent with its
 * signature to its own route (a bid to POST /api/bids); this route only hands out the words and the options.
 */
export function signaturesRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // 409 when signing is off or the user has no passkey; 404 for an unknown round.
    app.post(
      '/api/signatures/options',
      {
        config: user,
        schema: {
          body: signatureOptionsSchema,
          response: { 200: signatureOptionsResponseSchema, ...errorResponses(404, 409) },
        },
      },
      (request) => signatureOptions(deps, viewerOf(request), request.body),
    );
  };
}
