import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `Cache-Control: no-store` unless its route says otherwise. Nearly all of them carry
 * personal data or depend on who asks (even the public list of rounds is personalised for a signed-in
 * user), and a shared computer's browser cache or a proxy must keep none of it. A default on the whole
 * prefix cannot be forgotten by a new route; a route that is truly public and cacheable sets its own header,
 * and that header is left alone (as is the financing proof's 'private, no-store'). /objects/ images are
 * outside /api/ and keep their long, immutable caching.
 */
export function registerNoStore(app: FastifyInstance): void {
  // onSend, not onRequest: it sees the final reply, so errors, 404s and rate-limit answers get it too, and a
  // route's own header is known by then.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
