import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSetPasswordSchema, adminUpdateUserSchema } from '../../../shared/schemas/admin';
import {
  adminActionSchema,
  adminUserBidSchema,
  adminUserSchema,
  pendingResetSchema,
  unverifiedUserSchema,
} from '../../../shared/schemas/responses/admin';
import { messageSchema } from '../../../shared/schemas/responses/common';
import { journalActSchema } from '../../../shared/schemas/responses/journal';
import { chainVerificationSchema } from '../../../shared/schemas/responses/record';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { verifyStoredChain } from '../round-chain/chain-verify.service';
import { approveReset, listPendingResets, rejectReset } from './admin-resets.service';
import { listRoundActs } from './admin-round-acts.service';
import { deleteRoundAsAdmin } from './admin-rounds.service';
import {
  approveUser,
  changePasswordAsAdmin,
  deleteUserAsAdmin,
  listActionsOnUserOr404,
  listAllUsers,
  listBidsOfUser,
  listUnverifiedUsers,
  rejectUser,
  releaseIdentity,
  updateUserAsAdmin,
} from './admin-users.service';

// Visitors get 401 and signed-in non-admins 403 from the access hook, before any handler runs.
const admin = { access: 'admin' } as const;
const userParams = z.object({ id: z.uuid('Ugyldig bruker-ID') });
const requestParams = z.object({ id: z.uuid('Ugyldig forespørsel-ID') });
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

// The answers of each call beyond the common ones (http/responses.ts): 404 for an unknown id, 409 when the
// account or request is no longer in a state the action applies to, 403 where no administrator may act.
const listOf = <T extends z.ZodType>(item: T) => ({ response: { 200: z.array(item) } });
const done = (...refusals: Parameters<typeof errorResponses>) => ({
  200: messageSchema,
  ...errorResponses(...refusals),
});

export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/admin/unverified-users', { config: admin, schema: listOf(unverifiedUserSchema) }, () =>
      listUnverifiedUsers(db),
    );
    app.get('/api/admin/all-users', { config: admin, schema: listOf(adminUserSchema) }, () =>
      listAllUsers(db),
    );
    app.get('/api/admin/pending-password-resets', { config: admin, schema: listOf(pendingResetSchema) }, () =>
      listPendingResets(db),
    );

    app.post(
      '/api/admin/approve-user/:id',
      { config: admin, schema: { params: userParams, response: done(404, 409) } },
      async (request) => {
        await approveUser(deps, viewerOf(request), request.params.id);
        return { message: 'Bruker godkjent' };
      },
    );
    app.delete(
      '/api/admin/reject-user/:id',
      { config: admin, schema: { params: userParams, response: done(404, 409) } },
      async (request) => {
        await rejectUser(deps, viewerOf(request), request.params.id);
        return { message: 'Bruker avvist' };
      },
    );
    app.delete(
      '/api/admin/users/:id',
      { config: admin, schema: { params: userParams, response: done(403, 404) } },
      async (request) => {
        await deleteUserAsAdmin(deps, viewerOf(request), request.params.id);
        return { message: 'Bruker slettet' };
      },
    );
    app.patch(
      '/api/admin/users/:id',
      {
        config: admin,
        schema: {
          params: userParams,
          body: adminUpdateUserSchema,
          response: { 200: adminUserSchema, ...errorResponses(404, 409) },
        },
      },
      (request) => updateUserAsAdmin(deps, viewerOf(request), request.params.id, request.body),
    );
    // Releases a verified identity (decision 064); 409 when the user has none.
    app.delete(
      '/api/admin/users/:id/identity',
      {
        config: admin,
        schema: { params: userParams, response: { 200: adminUserSchema, ...errorResponses(404, 409) } },
      },
      (request) => releaseIdentity(deps, viewerOf(request), request.params.id),
    );
    app.post(
      '/api/admin/users/:id/change-password',
      {
        config: admin,
        schema: { params: userParams, body: adminSetPasswordSchema, response: done(403, 404) },
      },
      async (request) => {
        await changePasswordAsAdmin(deps, viewerOf(request), request.params.id, request.body);
        return { message: 'Passord endret' };
      },
    );
    const bidsSchemas = {
      params: userParams,
      response: { 200: z.array(adminUserBidSchema), ...errorResponses(404) },
    };
    app.get('/api/admin/users/:id/bids', { config: admin, schema: bidsSchemas }, (request) =>
      listBidsOfUser(deps, request.params.id),
    );
    const actionsSchemas = {
      params: userParams,
      response: { 200: z.array(adminActionSchema), ...errorResponses(404) },
    };
    app.get('/api/admin/users/:id/actions', { config: admin, schema: actionsSchemas }, (request) =>
      listActionsOnUserOr404(db, request.params.id),
    );

    app.post(
      '/api/admin/approve-password-reset/:id',
      {
        config: admin,
        schema: { params: requestParams, body: adminSetPasswordSchema, response: done(403, 404, 409) },
      },
      async (request) => {
        await approveReset(deps, viewerOf(request), request.params.id, request.body);
        return { message: 'Passord reset godkjent' };
      },
    );
    app.delete(
      '/api/admin/reject-password-reset/:id',
      { config: admin, schema: { params: requestParams, response: done(404, 409) } },
      async (request) => {
        await rejectReset(deps, viewerOf(request), request.params.id);
        return { message: 'Passord reset avvist' };
      },
    );

    // Every act of the round so far, as the owner's journal names them (decision 036).
    const actsSchemas = {
      params: roundParams,
      response: { 200: z.array(journalActSchema), ...errorResponses(404) },
    };
    app.get('/api/admin/bid-rounds/:id/acts', { config: admin, schema: actsSchemas }, (request) =>
      listRoundActs(deps, viewerOf(request), request.params.id),
    );
    // The stored chain checked as verify-journal checks an export, and every row against its act
    // (decision 040).
    const verifySchemas = {
      params: roundParams,
      response: { 200: chainVerificationSchema, ...errorResponses(404) },
    };
    app.get('/api/admin/bid-rounds/:id/journal/verify', { config: admin, schema: verifySchemas }, (request) =>
      verifyStoredChain(deps, viewerOf(request), request.params.id, request.log),
    );
    app.delete(
      '/api/admin/bid-rounds/:id',
      { config: admin, schema: { params: roundParams, response: done(404) } },
      async (request) => {
        await deleteRoundAsAdmin(deps, viewerOf(request), request.params.id);
        return { message: 'Budrunde slettet' };
      },
    );
  };
}
