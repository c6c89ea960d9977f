import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDENTITY_OUTCOME_PARAM, type IdentityOutcome as Said } from '../../../shared/rules/identity';
import { safeReturnPath } from '../../../shared/rules/return-path';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { errorResponses } from '../../http/responses';
import { startUserSession } from '../../http/session';
import {
  findPendingNames,
  finishIdentityRequest,
  type IdentityOutcome,
  identityAvailable,
  type Purpose,
  startIdentityRequest,
} from './identity.service';
import { IdentityFailure } from './oidc-client';

const UNAVAILABLE = 'Identitetsbekreftelse er ikke tilgjengelig her';
const STATE_COOKIE_MAX_AGE_S = 10 * 60;
const PENDING_COOKIE_MAX_AGE_S = 30 * 60;

const redirect = (description: string) =>
  z.null().meta({ description, headers: { Location: { type: 'string', description: 'Adressen videre' } } });

const returnToQuery = z.object({ returnTo: z.string().max(500).optional() });

/** Where a page comes back to, with what happened as `?identitet=…` (the page says it in words). */
function withOutcome(path: string, said: Said, extra: Record<string, string> = {}): string {
  const url = new URL(path, 'http://budrunde.invalid');
  url.searchParams.set(IDENTITY_OUTCOME_PARAM, said);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

export function identityRoutes(deps: AppDeps) {
  const secure = deps.env.isHttps;
  // Over HTTPS __Host- pins the cookies to this host, as the session's is.
  const stateCookie = secure ? '__Host-budrunde.oidc' : 'budrunde.oidc';
  const pendingCookie = pendingIdentityCookie(secure);
  const cookieOptions = (maxAge: number) =>
    ({ httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge }) as const;

  /** Off to the provider, or straight back saying it failed when the provider cannot be reached. */
  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: Purpose,
    returnTo: string,
  ): Promise<FastifyReply> {
    if (!identityAvailable(deps.env)) throw new NotFound(UNAVAILABLE);
    try {
      const started = await startIdentityRequest(deps, purpose, request.viewer?.id ?? null, returnTo);
      reply.setCookie(stateCookie, started.state, cookieOptions(STATE_COOKIE_MAX_AGE_S));
      return reply.redirect(started.url);
    } catch (error) {
      if (!(error instanceof IdentityFailure)) throw error;
      request.log.warn({ event: 'identity.failed', purpose, reason: error.message }, 'identity start failed');
      const back = purpose === 'login' ? '/?login=1' : returnTo;
      return reply.redirect(withOutcome(back, 'mislyktes'));
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, outcome: IdentityOutcome) {
    // The state cookie is left to expire: its request is spent, and a cleared cookie here would come before
    // the session's in Set-Cookie, where clients that read only one look for the session.
    switch (outcome.kind) {
      case 'verified':
        return reply.redirect(withOutcome(outcome.returnTo, 'bekreftet'));
      case 'taken':
        return reply.redirect(withOutcome(outcome.returnTo, 'annen-konto'));
      case 'failed':
        return reply.redirect(
          withOutcome(outcome.purpose === 'login' ? '/?login=1' : outcome.returnTo, 'mislyktes'),
        );
      case 'login-refused':
        return reply.redirect(
          withOutcome('/?login=1', outcome.reason === 'blocked' ? 'sperret' : 'e-post-ikke-bekreftet'),
        );
      case 'no-account':
        reply.setCookie(pendingCookie, outcome.pendingToken, cookieOptions(PENDING_COOKIE_MAX_AGE_S));
        return reply.redirect(withOutcome('/register', 'ingen-konto'));
      case 'logged-in':
        // The same session as a password login, with a new id.
        await startUserSession(request, outcome.userId, deps.clock);
        return reply.redirect(outcome.returnTo);
    }
  }

  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/identity/start',
      {
        config: { access: 'user' },
        schema: {
          querystring: returnToQuery,
          response: { 302: redirect('Videre til identitetsleverandøren'), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const returnTo = safeReturnPath(request.query.returnTo);
        if (request.viewer?.identityVerifiedAt) await reply.redirect(withOutcome(returnTo, 'bekreftet'));
        else await start(request, reply, 'verify', returnTo);
      },
    );

    app.get(
      '/api/identity/login',
      {
        config: { access: 'public' },
        schema: {
          querystring: returnToQuery,
          response: { 302: redirect('Videre til identitetsleverandøren'), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        await start(request, reply, 'login', safeReturnPath(request.query.returnTo));
      },
    );

    app.get(
      '/api/identity/callback',
      {
        config: { access: 'public' },
        schema: {
          // The provider's answer (RFC 6749 § 4.1.2, RFC 9207): read whole from the URL by the OIDC client.
          querystring: z.looseObject({
            code: z.string().optional(),
            state: z.string().optional(),
            iss: z.string().optional(),
            error: z.string().optional(),
            error_description: z.string().optional(),
          }),
          response: { 302: redirect('Tilbake til siden, med utfallet i ?identitet=') },
        },
      },
      async (request, reply) => {
        const url = new URL(request.url, deps.env.APP_URL);
        const outcome = await finishIdentityRequest(deps, {
          url: new URL(`${deps.env.APP_URL}/api/identity/callback${url.search}`),
          browserState: request.cookies[stateCookie],
          viewerId: request.viewer?.id ?? null,
          log: request.log,
        });
        await answer(request, reply, outcome);
      },
    );

    app.get(
      '/api/identity/pending',
      {
        config: { access: 'public' },
        schema: {
          response: {
            200: z
              .object({ givenName: z.string(), familyName: z.string(), provider: z.string() })
              .describe('De bekreftede navnene til registreringen'),
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const names = await findPendingNames(deps, request.cookies[pendingCookie]);
        if (!names) throw new NotFound('Ingen bekreftet identitet venter på registrering');
        reply.header('cache-control', 'no-store');
        return names;
      },
    );
  };
}

/** The name of the cookie that holds a pending identity, for the registration that takes it. */
export const pendingIdentityCookie = (isHttps: boolean) =>
  isHttps ? '__Host-budrunde.identity' : 'budrunde.identity';
