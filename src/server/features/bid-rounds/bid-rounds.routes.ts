import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRoundSchema,
  editRoundSchema,
  smsSettingSchema,
  startingBidSchema,
} from '../../../shared/schemas/bid-round';
import {
  activeRoundsSchema,
  bidRoundViewSchema,
  followerViewSchema,
  followStatusSchema,
  smsSettingResultSchema,
  startingBidResultSchema,
} from '../../../shared/schemas/responses/bid-round';
import { closeRoundResultSchema, selectWinnerResultSchema } from '../../../shared/schemas/responses/journal';
import { winnerBodySchema } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { recordVisit } from '../fair-notice/fair-notice.service';
import { ActiveRoundsCache } from './active-rounds-cache';
import {
  createRoundFor,
  getRound,
  listActiveRounds,
  listRounds,
  setSmsNotifications,
  updateStartingPrice,
} from './bid-rounds.service';
import { editRound } from './round-edits.service';
import { followStatus, listFollowers, setFollowing } from './round-follows.service';
import { closeRound, selectWinner } from './round-lifecycle.service';

const user = { access: 'user' } as const;
// SPEC §6: a visitor who tries to follow is told 'Innlogging påkrevd'.
const follower = { access: 'user', loginMessage: 'Innlogging påkrevd' } as const;
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });
// A round that is gone answers 404, one its viewer may not manage 403, one that has ended 409.
const managing = errorResponses(403, 404, 409);

export function bidRoundsRoutes(deps: AppDeps) {
  const { db } = deps;
  const activeRounds = new ActiveRoundsCache(db, deps.events);
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // Sent as the JSON bytes the service has written already, which Fastify does not serialise or encode
    // again: the list every screen polls costs no encoding per request (decision 050). The schema documents
    // it; on `base`, whose send takes those bytes, since the service built them from the same views.
    base.get(
      '/api/bid-rounds/active',
      { config: { access: 'public' }, schema: { response: { 200: activeRoundsSchema } } },
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(await listActiveRounds(activeRounds, request.viewer)),
    );
    const roundList = { response: { 200: z.array(bidRoundViewSchema) } };
    app.get('/api/bid-rounds/user', { config: user, schema: roundList }, (request) =>
      listRounds(db, viewerOf(request), { kind: 'user', userId: viewerOf(request).id }),
    );
    app.get('/api/bid-rounds/all', { config: { access: 'admin' }, schema: roundList }, (request) =>
      listRounds(db, viewerOf(request), { kind: 'all' }),
    );
    app.get(
      '/api/bid-rounds/:id',
      {
        config: user,
        schema: { params: roundParams, response: { 200: bidRoundViewSchema, ...errorResponses(404) } },
      },
      async (request) => {
        const round = await getRound(db, viewerOf(request), request.params.id);
        // Opening the round counts as having seen its bids (decision 066).
        await recordVisit(deps, viewerOf(request), round, request.log);
        return round;
      },
    );

    app.post(
      '/api/bid-round',
      { config: user, schema: { body: createRoundSchema, response: { 201: bidRoundViewSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createRoundFor(deps, viewerOf(request), request.body)),
    );

    // The listing's text while the round is open (decision 046): owner or admin; 409 once it has ended.
    app.patch(
      '/api/bid-rounds/:id',
      {
        config: user,
        schema: {
          params: roundParams,
          body: editRoundSchema,
          response: { 200: bidRoundViewSchema, ...managing },
        },
      },
      (request) => editRound(deps, viewerOf(request), request.params.id, request.body),
    );

    app.put(
      '/api/bid-rounds/:id/close',
      {
        config: user,
        schema: { params: roundParams, response: { 200: closeRoundResultSchema, ...managing } },
      },
      (request) => closeRound(deps, viewerOf(request), request.params.id),
    );
    app.put(
      '/api/bid-rounds/:id/select-winner/:bidId',
      {
        config: user,
        schema: {
          params: roundParams.extend({ bidId: z.uuid('Ugyldig bud') }),
          // The owner's signature, when signed (decision 041), and the confirmation past the guard
          // (decision 066); the body may be left out.
          body: winnerBodySchema,
          response: { 200: selectWinnerResultSchema, ...managing },
        },
      },
      (request) =>
        selectWinner(
          deps,
          viewerOf(request),
          request.params.id,
          request.params.bidId,
          request.body,
          request.log,
        ),
    );
    app.put(
      '/api/bid-rounds/:id/starting-bid',
      {
        config: user,
        schema: {
          params: roundParams,
          body: startingBidSchema,
          response: { 200: startingBidResultSchema, ...managing },
        },
      },
      (request) =>
        updateStartingPrice(deps, viewerOf(request), request.params.id, request.body.newStartingBid),
    );
    app.put(
      '/api/bid-rounds/:id/sms-notifications',
      {
        config: user,
        schema: {
          params: roundParams,
          body: smsSettingSchema,
          response: { 200: smsSettingResultSchema, ...managing },
        },
      },
      async (request) => ({
        enabled: await setSmsNotifications(db, viewerOf(request), request.params.id, request.body.enabled),
      }),
    );

    app.get(
      '/api/bid-rounds/:id/follow/status',
      {
        config: follower,
        schema: { params: roundParams, response: { 200: followStatusSchema, ...errorResponses(404) } },
      },
      async (request) => ({
        isFollowing: await followStatus(db, viewerOf(request), request.params.id),
      }),
    );
    // Refused (403) without a verified address or on one's own round, 409 once the round has ended.
    const following = { params: roundParams, response: { 200: followStatusSchema, ...managing } };
    app.post('/api/bid-rounds/:id/follow', { config: follower, schema: following }, async (request) => ({
      isFollowing: await setFollowing(db, viewerOf(request), request.params.id, true),
    }));
    app.delete('/api/bid-rounds/:id/follow', { config: follower, schema: following }, async (request) => ({
      isFollowing: await setFollowing(db, viewerOf(request), request.params.id, false),
    }));
    app.get(
      '/api/bid-rounds/:id/followers',
      {
        config: user,
        schema: {
          params: roundParams,
          response: { 200: z.array(followerViewSchema), ...errorResponses(403, 404) },
        },
      },
      (request) => listFollowers(db, viewerOf(request), request.params.id),
    );
  };
}
