import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The API, documented from the routes' own zod schemas: OpenAPI 3.1 at /api/openapi.json, and a readable
 * page at /api/docs. Registered before the routes, since @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Budrunde API',
        description:
          'Budrunder for eiendom: kontoer, budrunder, bud, budjournaler og administrasjon. Innlogging gir en ' +
          'sesjonscookie (budrunde.sid); endringer må komme fra samme opphav (Origin). Feil svarer ' +
          '`{ message, errors? }` på norsk.',
        version: '1.0.0',
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'budrunde.sid' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
