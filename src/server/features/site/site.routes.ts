import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/responses/site';
import type { AppDeps } from '../../deps';
import { identityAvailable } from '../identity/identity.service';

export function siteRoutes({ env }: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/config',
      { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
      async () => ({
        contact: { phone: env.CONTACT_PHONE, email: env.CONTACT_EMAIL, postalAddress: env.CONTACT_ADDRESS },
        bidSigning: env.BID_SIGNING,
        identity: {
          mode: env.BID_IDENTITY,
          available: identityAvailable(env),
          providerName: env.IDENTITY_PROVIDER_NAME,
        },
      }),
    );
  };
}
