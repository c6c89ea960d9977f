import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, updateProfileSchema } from '../../../shared/schemas/auth';
import { phoneCodeSchema, phoneCodeSentSchema } from '../../../shared/schemas/identity';
import { messageSchema } from '../../../shared/schemas/responses/common';
import { currentUserSchema } from '../../../shared/schemas/responses/user';
import type { AppDeps } from '../../deps';
import { Unauthorized } from '../../errors';
import { viewerOf } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { endSession } from '../../http/session';
import { toCurrentUser } from './accounts.service';
import { confirmPhoneCode, sendPhoneCode } from './phone-verification.service';
import { changePassword, deleteAccount, updateProfile } from './profile.service';

const user = { access: 'user' } as const;

export function accountsRoutes(deps: AppDeps) {
  return async (base: FastifyInstance): Promise<void> => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // Public, so that a visitor's check is answered 401 by this route rather than by the access hook.
    const currentUserSchemas = { response: { 200: currentUserSchema, ...errorResponses(401) } };
    app.get(
      '/api/auth/user',
      { config: { access: 'public' }, schema: currentUserSchemas },
      async (request) => {
        if (!request.viewer) throw new Unauthorized('Ikke pålogget');
        return toCurrentUser(request.viewer);
      },
    );

    app.patch(
      '/api/users/me',
      {
        config: user,
        schema: { body: updateProfileSchema, response: { 200: currentUserSchema, ...errorResponses(404) } },
      },
      (request) => updateProfile(deps, viewerOf(request).id, request.body),
    );

    app.post(
      '/api/auth/change-password',
      { config: user, schema: { body: changePasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await changePassword(deps, viewerOf(request), request.body, request.session.sessionId);
        return { message: 'Passord endret' };
      },
    );

    // Confirming the mobile number with an SMS code (decision 064).
    app.post(
      '/api/users/me/phone/verification',
      {
        config: user,
        schema: { response: { 200: phoneCodeSentSchema, ...errorResponses(409) } },
      },
      (request) => sendPhoneCode(deps, viewerOf(request)),
    );
    app.put(
      '/api/users/me/phone/verification',
      {
        config: user,
        schema: { body: phoneCodeSchema, response: { 200: currentUserSchema } },
      },
      (request) => confirmPhoneCode(deps, viewerOf(request), request.body.code),
    );

    // 403 for an administrator (not deletable), 409 while the user's bids still bind them.
    const deleteSchemas = { response: { 200: messageSchema, ...errorResponses(403, 404, 409) } };
    app.delete('/api/users/me', { config: user, schema: deleteSchemas }, async (request, reply) => {
      await deleteAccount(deps, viewerOf(request));
      await endSession(request, reply, deps.env.isHttps);
      return { message: 'Konto slettet' };
    });
  };
}
