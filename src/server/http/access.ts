import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors';
import type { AuthCache } from './auth-cache';
import type { FindViewer, Viewer } from './viewer';

/** Who may call a route. Every /api route must declare one; the server refuses to start otherwise. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What a visitor is told instead of the default 401 message, where SPEC.md words it differently. */
    loginMessage?: string;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** The signed-in user. Routes with access 'user' always have one; this keeps the types honest. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Unauthorized();
  return request.viewer;
}

/** `findViewer` is the accounts feature's reader, handed in by the composition root (app.ts). */
export function registerAccess(app: FastifyInstance, findViewer: FindViewer, cache?: AuthCache): void {
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // Before validation: a visitor or a non-admin gets 401/403 for any request, well-formed or not.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    // Only API routes need to know who is asking; scripts, styles and images do not cost a user lookup.
    if (!access) return;
    const userId = request.session?.userId;
    if (userId) {
      request.viewer = cache?.getViewer(userId) ?? null;
      if (!request.viewer) {
        const began = cache?.begin() ?? 0;
        request.viewer = await findViewer(userId);
        if (request.viewer) cache?.setViewer(request.viewer, began);
      }
      // The account was deleted or scrubbed since the session began: the session ends with it.
      if (!request.viewer) await request.session.destroy();
    }
    if (access === 'user' || access === 'admin') {
      if (!request.viewer) throw new Unauthorized(request.routeOptions.config?.loginMessage);
      if (access === 'admin' && !request.viewer.isAdmin) throw new Forbidden();
    }
  });
}
