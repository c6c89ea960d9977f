import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { toCurrentUser } from './accounts.service';

export function accountsRoutes(_deps: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/auth/user', { config: { access: 'public' } }, async (request) => {
      if (!request.viewer) throw new Unauthorized('Ikke pålogget');
      return toCurrentUser(request.viewer);
    });
  };
}
