import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { listActiveRounds } from './bid-rounds.service';

export function bidRoundsRoutes({ db }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/bid-rounds/active', { config: { access: 'public' } }, (request) =>
      listActiveRounds(db, request.viewer),
    );
  };
}
