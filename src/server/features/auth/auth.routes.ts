import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailOnlySchema,
  loginSchema,
  PASSKEYS_REMOVED,
  registerSchema,
  resetPasswordSchema,
  resetTokenStatusQuerySchema,
  verifyEmailQuerySchema,
} from '../../../shared/schemas/auth';
import { emailVerifiedSchema, resetTokenStatusSchema } from '../../../shared/schemas/responses/auth';
import { messageSchema } from '../../../shared/schemas/responses/common';
import { currentUserSchema } from '../../../shared/schemas/responses/user';
import type { AppDeps } from '../../deps';
import { readDeviceCookie, sendDeviceCookie, setDeviceCookie } from '../../http/device-cookie';
import { errorBodySchema, errorResponses } from '../../http/responses';
import { endSession, startUserSession } from '../../http/session';
import { pendingIdentityCookie } from '../identity/identity.routes';
import {
  forgotPassword,
  isResetLinkUsable,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';
import { logIn } from './login.service';

const pub = { access: 'public' } as const;

// A used, unknown or expired verification link says so with `verified: false` beside the message.
const verifyLinkRefused = errorBodySchema
  .extend({ verified: z.literal(false).optional() })
  .describe('Ugyldig eller utløpt lenke, eller ugyldig forespørsel');

const loginRedirect = z.null().meta({
  description: 'Videre til forsiden, som åpner innloggingen',
  headers: { Location: { type: 'string', description: '/?login=1' } },
});

export function authRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', sendDeviceCookie(deps.env.isHttps));

    app.post(
      '/api/auth/register',
      {
        config: pub,
        schema: { body: registerSchema, response: { 201: messageSchema } },
      },
      async (request, reply) => {
        await register(
          deps,
          request.body,
          request.ip,
          request.cookies[pendingIdentityCookie(deps.env.isHttps)],
        );
        return reply.status(201).send({ message: 'Registrering sendt inn' });
      },
    );

    // 403 for an unverified address carries `requiresEmailVerification: true`; 429 while locked out.
    const loginSchemas = {
      body: loginSchema,
      response: { 200: currentUserSchema, ...errorResponses(401, 403) },
    };
    app.post('/api/auth/login', { config: pub, schema: loginSchemas }, async (request, reply) => {
      const { user, deviceCookie } = await logIn(deps, request.body, {
        ip: request.ip,
        deviceCookie: readDeviceCookie(request, deps.env.isHttps),
        log: request.log,
      });
      await startUserSession(request, user.id, deps.clock);
      setDeviceCookie(reply, deviceCookie);
      return user;
    });

    app.post(
      '/api/auth/logout',
      { config: pub, schema: { response: { 200: messageSchema } } },
      async (request, reply) => {
        await endSession(request, reply, deps.env.isHttps);
        return { message: 'Du er nå logget ut.' };
      },
    );

    app.post(
      '/api/auth/resend-verification',
      { config: pub, schema: { body: emailOnlySchema, response: { 200: messageSchema } } },
      async (request) => {
        await resendVerification(deps, request.body, request.ip);
        return { message: 'En ny verifiserings e-post er sendt. Sjekk innboksen din.' };
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { config: pub, schema: { body: emailOnlySchema, response: { 200: messageSchema } } },
      async (request) => {
        await forgotPassword(deps, request.body, request.ip);
        return {
          message: 'Hvis e-postadressen er registrert, har vi sendt en lenke for å tilbakestille passordet.',
        };
      },
    );

    app.get(
      '/api/auth/verify-email',
      {
        config: pub,
        schema: {
          querystring: verifyEmailQuerySchema,
          response: { 200: emailVerifiedSchema, 400: verifyLinkRefused },
        },
      },
      async (request) => {
        await verifyEmail(deps, request.query.token);
        return { verified: true, message: 'E-postadressen din er bekreftet. Du kan nå logge inn.' };
      },
    );

    app.get(
      '/api/auth/reset-password/status',
      {
        config: pub,
        schema: { querystring: resetTokenStatusQuerySchema, response: { 200: resetTokenStatusSchema } },
      },
      async (request, reply) => {
        const valid = await isResetLinkUsable(deps, request.query.token, request.ip);
        // The answer changes the moment the link is used; no cache may keep the old one.
        reply.header('cache-control', 'no-store');
        return { valid };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { config: pub, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await resetPassword(deps, request.body, request.ip);
        return {
          message: `Passordet ditt er endret. Du kan nå logge inn med det nye passordet. ${PASSKEYS_REMOVED}`,
        };
      },
    );

    // The target for visitors who need to log in: the client opens its login dialog on ?login=1.
    app.get(
      '/api/login',
      { config: pub, schema: { response: { 302: loginRedirect } } },
      async (_request, reply) => reply.redirect('/?login=1'),
    );
  };
}
