import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The one error body (error-handler.ts): `{ message, errors? }` in Norwegian, plus the one extra field a
 * login refused for an unverified address carries. Declared here so every route documents it the same way.
 */
export const errorBodySchema = z
  .object({
    message: z.string().describe('Hva som gikk galt, på norsk'),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Feltene som ikke var gyldige'),
    requiresEmailVerification: z.boolean().optional(),
  })
  .meta({ id: 'Feil' });

const ERROR_DESCRIPTIONS = {
  400: 'Ugyldig forespørsel',
  401: 'Ikke innlogget',
  403: 'Ingen tilgang',
  404: 'Finnes ikke',
  409: 'I konflikt med gjeldende tilstand',
  410: 'Ikke lenger tilgjengelig',
  413: 'For stor forespørsel',
  415: 'Innholdstypen støttes ikke',
  429: 'For mange forespørsler',
  500: 'Feil på serveren',
  503: 'Midlertidig utilgjengelig (prøv igjen etter Retry-After)',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The error responses a route can answer beyond the common ones: `...errorResponses(404, 409)`. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema.describe(ERROR_DESCRIPTIONS[status])]),
  );
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The statuses the infrastructure answers for every API route, whatever the route does: a bad or too large
 * body, no session or no admin (access.ts), the rate limit, the database away, and the unexpected. The
 * routes declare their own success and the refusals of their own rules; this adds the rest, so the
 * document lists every status a client can get and no route can forget one.
 */
export function commonErrorStatuses(
  route: Pick<RouteOptions, 'method' | 'schema' | 'config'>,
): ErrorStatus[] {
  const methods = [route.method].flat();
  const statuses: ErrorStatus[] = [429, 500, 503];
  const schema = route.schema ?? {};
  const takesBody = methods.some((method) => WITH_BODY.has(method));
  if (takesBody || schema.params || schema.querystring || schema.body) statuses.push(400);
  if (takesBody) statuses.push(413, 415);
  const access = route.config?.access;
  if (access === 'user' || access === 'admin') statuses.push(401);
  if (access === 'admin') statuses.push(403);
  return statuses;
}

/** Adds the common error responses to every /api route registered after it in this context. */
export function registerCommonResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    const common = errorResponses(...commonErrorStatuses(route));
    const access = route.config?.access;
    // The document says which calls need the session cookie (the securityScheme of api-docs.ts).
    const security = access === 'user' || access === 'admin' ? [{ session: [] }] : undefined;
    route.schema = { security, ...route.schema, response: { ...common, ...declared } };
  });
}
