import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addPasskeySchema, passkeyLoginSchema, passkeyReauthSchema } from '../../../shared/schemas/passkey';
import { messageSchema } from '../../../shared/schemas/responses/common';
import {
  createdPasskeySchema,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
} from '../../../shared/schemas/responses/passkey';
import { currentUserSchema } from '../../../shared/schemas/responses/user';
import type { AppDeps } from '../../deps';
import { viewerOf } from '../../http/access';
import { readDeviceCookie, sendDeviceCookie, setDeviceCookie } from '../../http/device-cookie';
import { errorResponses } from '../../http/responses';
import { startUserSession } from '../../http/session';
import { logInWithPasskey, passkeyLoginOptions } from './passkey-login.service';
import {
  addPasskey,
  listPasskeys,
  type PasskeyCaller,
  registrationOptions,
  removePasskey,
} from './passkeys.service';

const user = { access: 'user' } as const;
const pub = { access: 'public' } as const;
const passkeyParams = z.object({ id: z.uuid('Ugyldig passnøkkel') });

const callerOf = (request: FastifyRequest): PasskeyCaller => ({
  viewer: viewerOf(request),
  sessionStartedAt: request.session.createdAt,
  log: request.log,
});

/**
 * Passkeys (decision 037): a signed-in user adds, lists and removes them under 'Din profil'; adding
 * or removing needs a login of the last 10 minutes or the password again (403, or 400 for a wrong one). A
 * visitor logs in with one and gets the same answer and session as with a password.
 */
export function passkeysRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', sendDeviceCookie(deps.env.isHttps));

    app.get('/api/passkeys', { config: user, schema: { response: { 200: passkeyListSchema } } }, (request) =>
      listPasskeys(deps, viewerOf(request)),
    );
    app.post(
      '/api/passkeys/registration-options',
      {
        config: user,
        schema: {
          body: passkeyReauthSchema,
          response: { 200: passkeyCreationOptionsSchema, ...errorResponses(403, 409) },
        },
      },
      (request) => registrationOptions(deps, callerOf(request), request.body),
    );
    app.post(
      '/api/passkeys',
      {
        config: user,
        schema: { body: addPasskeySchema, response: { 201: createdPasskeySchema, ...errorResponses(409) } },
      },
      async (request, reply) =>
        reply.status(201).send(await addPasskey(deps, callerOf(request), request.body)),
    );
    app.delete(
      '/api/passkeys/:id',
      {
        config: user,
        schema: {
          params: passkeyParams,
          body: passkeyReauthSchema,
          response: { 200: messageSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        await removePasskey(deps, callerOf(request), request.params.id, request.body);
        return { message: 'Passnøkkelen er fjernet.' };
      },
    );

    app.post(
      '/api/auth/passkey-options',
      { config: pub, schema: { response: { 200: passkeyRequestOptionsSchema } } },
      (request) => passkeyLoginOptions(deps, request.ip),
    );
    // 400 for a used or expired challenge, 401 for an unknown passkey, a bad signature or a cloned
    // authenticator, 403 for a blocked account, as the password login.
    app.post(
      '/api/auth/passkey-login',
      {
        config: pub,
        schema: {
          body: passkeyLoginSchema,
          response: { 200: currentUserSchema, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const { user: loggedIn, deviceCookie } = await logInWithPasskey(deps, request.body, {
          ip: request.ip,
          deviceCookie: readDeviceCookie(request, deps.env.isHttps),
          log: request.log,
        });
        await startUserSession(request, loggedIn.id, deps.clock);
        setDeviceCookie(reply, deviceCookie);
        return loggedIn;
      },
    );
  };
}
