import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, updateProfileSchema } from '../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { endSession } from '../../http/session';
import { toCurrentUser } from './accounts.service';
import { EXPORT_FILENAME, exportPersonalData } from './data-export.service';
import { changePassword, deleteAccount, updateProfile } from './profile.service';

const user = { access: 'user' } as const;

export function accountsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/api/auth/user', { config: { access: 'public' } }, async (request) => {
      if (!request.viewer) throw new Unauthorized('Ikke pålogget');
      return toCurrentUser(request.viewer);
    });

    app.patch('/api/users/me', { config: user, schema: { body: updateProfileSchema } }, (request) =>
      updateProfile(deps, viewerOf(request).id, request.body),
    );

    app.post(
      '/api/auth/change-password',
      { config: user, schema: { body: changePasswordSchema } },
      async (request) => {
        await changePassword(deps, viewerOf(request), request.body, request.session.sessionId);
        return { message: 'Passord endret' };
      },
    );

    // A download of everything held about the user (GDPR art. 15 and 20; decision 014).
    app.get('/api/users/me/export', { config: user }, async (request, reply) => {
      const data = await exportPersonalData(deps, viewerOf(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    });

    app.delete('/api/users/me', { config: user }, async (request, reply) => {
      await deleteAccount(deps, viewerOf(request));
      await endSession(request, reply, deps.env.isHttps);
      return { message: 'Konto slettet' };
    });
  };
}
