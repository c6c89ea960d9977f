import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRoundSchema, smsSettingSchema, startingBidSchema } from '../../../shared/schemas/bid-round';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { ActiveRoundsCache } from './active-rounds-cache';
import {
  createRoundFor,
  followStatus,
  getRound,
  listActiveRounds,
  listFollowers,
  listRounds,
  setFollowing,
  setSmsNotifications,
  updateStartingPrice,
} from './bid-rounds.service';
import { closeRound, selectWinner } from './round-lifecycle.service';

const user = { access: 'user' } as const;
// SPEC §6: a visitor who tries to follow is told 'Innlogging påkrevd'.
const follower = { access: 'user', loginMessage: 'Innlogging påkrevd' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

export function bidRoundsRoutes(deps: AppDeps) {
  const { db } = deps;
  const activeRounds = new ActiveRoundsCache(db, deps.events);
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/bid-rounds/active', { config: { access: 'public' } }, async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await listActiveRounds(activeRounds, request.viewer)),
    );
    app.get('/api/bid-rounds/user', { config: user }, (request) =>
      listRounds(db, viewerOf(request), { kind: 'user', userId: viewerOf(request).id }),
    );
    app.get('/api/bid-rounds/all', { config: { access: 'admin' } }, (request) =>
      listRounds(db, viewerOf(request), { kind: 'all' }),
    );
    app.get('/api/bid-rounds/:id', { config: user, schema: { params: roundParams } }, (request) =>
      getRound(db, viewerOf(request), request.params.id),
    );

    app.post(
      '/api/bid-round',
      { config: user, schema: { body: createRoundSchema } },
      async (request, reply) =>
        reply.status(201).send(await createRoundFor(deps, viewerOf(request), request.body)),
    );

    app.put('/api/bid-rounds/:id/close', { config: user, schema: { params: roundParams } }, (request) =>
      closeRound(deps, viewerOf(request), request.params.id),
    );
    app.put(
      '/api/bid-rounds/:id/select-winner/:bidId',
      { config: user, schema: { params: roundParams.extend({ bidId: z.uuid('Ugyldig bud') }) } },
      (request) => selectWinner(deps, viewerOf(request), request.params.id, request.params.bidId),
    );
    app.put(
      '/api/bid-rounds/:id/starting-bid',
      { config: user, schema: { params: roundParams, body: startingBidSchema } },
      async (request) => ({
        newStartingBid: await updateStartingPrice(
          db,
          viewerOf(request),
          request.params.id,
          request.body.newStartingBid,
        ),
      }),
    );
    app.put(
      '/api/bid-rounds/:id/sms-notifications',
      { config: user, schema: { params: roundParams, body: smsSettingSchema } },
      async (request) => ({
        enabled: await setSmsNotifications(db, viewerOf(request), request.params.id, request.body.enabled),
      }),
    );

    app.get(
      '/api/bid-rounds/:id/follow/status',
      { config: follower, schema: { params: roundParams } },
      async (request) => ({
        isFollowing: await followStatus(db, viewerOf(request), request.params.id),
      }),
    );
    app.post(
      '/api/bid-rounds/:id/follow',
      { config: follower, schema: { params: roundParams } },
      async (request) => ({
        isFollowing: await setFollowing(db, viewerOf(request), request.params.id, true),
      }),
    );
    app.delete(
      '/api/bid-rounds/:id/follow',
      { config: follower, schema: { params: roundParams } },
      async (request) => ({
        isFollowing: await setFollowing(db, viewerOf(request), request.params.id, false),
      }),
    );
    app.get('/api/bid-rounds/:id/followers', { config: user, schema: { params: roundParams } }, (request) =>
      listFollowers(db, viewerOf(request), request.params.id),
    );
  };
}
