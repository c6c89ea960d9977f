import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSetPasswordSchema, adminUpdateUserSchema } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { approveReset, listPendingResets, rejectReset } from './admin-resets.service';
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
  updateUserAsAdmin,
} from './admin-users.service';

// Visitors get 401 and signed-in non-admins 403 from the access hook, before any handler runs.
const admin = { access: 'admin' } as const;
const userParams = z.object({ id: z.uuid('Ugyldig bruker-ID') });
const requestParams = z.object({ id: z.uuid('Ugyldig forespørsel-ID') });
const roundParams = z.object({ id: z.uuid('Ugyldig budrunde') });

export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/admin/unverified-users', { config: admin }, () => listUnverifiedUsers(db));
    app.get('/api/admin/all-users', { config: admin }, () => listAllUsers(db));
    app.get('/api/admin/pending-password-resets', { config: admin }, () => listPendingResets(db));

    app.post(
      '/api/admin/approve-user/:id',
      { config: admin, schema: { params: userParams } },
      async (request) => {
        await approveUser(deps, viewerOf(request), request.params.id);
        return { message: 'Bruker godkjent' };
      },
    );
    app.delete(
      '/api/admin/reject-user/:id',
      { config: admin, schema: { params: userParams } },
      async (request) => {
        await rejectUser(deps, viewerOf(request), request.params.id);
        return { message: 'Bruker avvist' };
      },
    );
    app.delete('/api/admin/users/:id', { config: admin, schema: { params: userParams } }, async (request) => {
      await deleteUserAsAdmin(deps, viewerOf(request), request.params.id);
      return { message: 'Bruker slettet' };
    });
    app.patch(
      '/api/admin/users/:id',
      { config: admin, schema: { params: userParams, body: adminUpdateUserSchema } },
      (request) => updateUserAsAdmin(deps, viewerOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/admin/users/:id/change-password',
      { config: admin, schema: { params: userParams, body: adminSetPasswordSchema } },
      async (request) => {
        await changePasswordAsAdmin(deps, viewerOf(request), request.params.id, request.body);
        return { message: 'Passord endret' };
      },
    );
    app.get('/api/admin/users/:id/bids', { config: admin, schema: { params: userParams } }, (request) =>
      listBidsOfUser(deps, request.params.id),
    );
    app.get('/api/admin/users/:id/actions', { config: admin, schema: { params: userParams } }, (request) =>
      listActionsOnUserOr404(db, request.params.id),
    );

    app.post(
      '/api/admin/approve-password-reset/:id',
      { config: admin, schema: { params: requestParams, body: adminSetPasswordSchema } },
      async (request) => {
        await approveReset(deps, viewerOf(request), request.params.id, request.body);
        return { message: 'Passord reset godkjent' };
      },
    );
    app.delete(
      '/api/admin/reject-password-reset/:id',
      { config: admin, schema: { params: requestParams } },
      async (request) => {
        await rejectReset(deps, viewerOf(request), request.params.id);
        return { message: 'Passord reset avvist' };
      },
    );

    app.delete(
      '/api/admin/bid-rounds/:id',
      { config: admin, schema: { params: roundParams } },
      async (request) => {
        await deleteRoundAsAdmin(deps, viewerOf(request), request.params.id, request.log);
        return { message: 'Budrunde slettet' };
      },
    );
  };
}
