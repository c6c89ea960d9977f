import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailOnlySchema,
  loginSchema,
  type ResetTokenStatus,
  registerSchema,
  resetPasswordSchema,
  resetTokenStatusQuerySchema,
  verifyEmailQuerySchema,
} from '../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { endSession, startUserSession } from '../../http/session';
import {
  forgotPassword,
  isResetLinkUsable,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';
import { readDeviceCookie, sendDeviceCookie, setDeviceCookie } from './device-cookie';
import { logIn } from './login.service';

const pub = { access: 'public' } as const;

export function authRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', sendDeviceCookie(deps.env.isHttps));

    app.post(
      '/api/auth/register',
      { config: pub, schema: { body: registerSchema } },
      async (request, reply) => {
        await register(deps, request.body, request.ip);
        return reply.status(201).send({ message: 'Registrering sendt inn' });
      },
    );

    app.post('/api/auth/login', { config: pub, schema: { body: loginSchema } }, async (request, reply) => {
      const { user, deviceCookie } = await logIn(deps, request.body, {
        ip: request.ip,
        deviceCookie: readDeviceCookie(request, deps.env.isHttps),
        log: request.log,
      });
      await startUserSession(request, user.id, deps.clock);
      setDeviceCookie(reply, deviceCookie);
      return user;
    });

    app.post('/api/auth/logout', { config: pub }, async (request, reply) => {
      await endSession(request, reply, deps.env.isHttps);
      return { message: 'Du er nå logget ut.' };
    });

    app.post(
      '/api/auth/resend-verification',
      { config: pub, schema: { body: emailOnlySchema } },
      async (request) => {
        await resendVerification(deps, request.body, request.ip);
        return { message: 'En ny verifiserings e-post er sendt. Sjekk innboksen din.' };
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { config: pub, schema: { body: emailOnlySchema } },
      async (request) => {
        await forgotPassword(deps, request.body, request.ip);
        return {
          message: 'Hvis e-postadressen er registrert, har vi sendt en lenke for å tilbakestille passordet.',
        };
      },
    );

    app.get(
      '/api/auth/verify-email',
      { config: pub, schema: { querystring: verifyEmailQuerySchema } },
      async (request) => {
        await verifyEmail(deps, request.query.token);
        return { verified: true, message: 'E-postadressen din er bekreftet. Du kan nå logge inn.' };
      },
    );

    app.get(
      '/api/auth/reset-password/status',
      { config: pub, schema: { querystring: resetTokenStatusQuerySchema } },
      async (request, reply): Promise<ResetTokenStatus> => {
        const valid = await isResetLinkUsable(deps, request.query.token, request.ip);
        // The answer changes the moment the link is used; no cache may keep the old one.
        reply.header('cache-control', 'no-store');
        return { valid };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { config: pub, schema: { body: resetPasswordSchema } },
      async (request) => {
        await resetPassword(deps, request.body, request.ip);
        return { message: 'Passordet ditt er endret. Du kan nå logge inn med det nye passordet.' };
      },
    );

    // The target for visitors who need to log in: the client opens its login dialog on ?login=1.
    app.get('/api/login', { config: pub }, async (_request, reply) => reply.redirect('/?login=1'));
  };
}
