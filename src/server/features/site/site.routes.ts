import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../../shared/schemas/site';
import type { AppDeps } from '../../deps';

export function siteRoutes({ env }: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/api/config',
      { config: { access: 'public' } },
      async (): Promise<PublicConfig> => ({
        contact: { phone: env.CONTACT_PHONE, email: env.CONTACT_EMAIL, postalAddress: env.CONTACT_ADDRESS },
      }),
    );
  };
}
