import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Env } from '../../env';
import { errorResponses } from '../../http/responses';

export const CHAIN_KEY_PATH = '/.well-known/budrunde-chain-key.json';

export const chainKeyUrl = (env: Pick<Env, 'APP_URL'>) => `${env.APP_URL}${CHAIN_KEY_PATH}`;

const jwkSetSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string(),
        kid: z.string(),
        use: z.literal('sig'),
        alg: z.literal('EdDSA'),
      }),
    ),
  })
  .meta({ id: 'Kjedenokler', description: 'Nøklene som signerer kjedehodene; den gjeldende først' });

/**
 * The public keys that sign the chain heads, as a JWK Set (decision 057): the current key first, and every
 * earlier one after it, so that a head signed before a rotation still checks. Outside the API context: it
 * needs no session, and anyone may fetch it, from anywhere.
 */
export function chainKeyRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      CHAIN_KEY_PATH,
      {
        config: { access: 'public' },
        schema: { response: { 200: jwkSetSchema, ...errorResponses(500, 503) } },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=300')
          .header('access-control-allow-origin', '*')
          .send({ keys: await deps.chainKey.publicKeys() }),
    );
  };
}
