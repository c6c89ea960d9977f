import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** How long a refused upload's connection stays half-closed, unread, before it is dropped. */
export const REFUSED_UPLOAD_LINGER_MS = 2_000;

/**
 * Makes the routes of one plugin take a raw upload of at most `limit` bytes, of any declared type, and refuse
 * a larger one without reading it (decision 026):
 * - a Content-Length over the limit is answered 413 at once, before a byte of the body is read (preParsing
 *   runs after the route's own onRequest, so visitors and bad links are still refused first);
 * - a body without one (chunked) is read up to the limit, then the request stream is paused, so nothing more
 *   comes off the wire.
 * Either way the answer closes the connection (closeUnreadAfterAnswer): its unread rest is never read.
 */
export function acceptRawUploads(app: FastifyInstance, limit: number, tooLargeMessage: string): void {
  const tooLarge = (request: FastifyRequest, reply: FastifyReply) => {
    closeUnreadAfterAnswer(request, reply);
    return new AppError(413, tooLargeMessage);
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) =>
    done(null, body),
  );
  // Any type is taken, so these routes never answer 415; the common responses (responses.ts) assume JSON.
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (responses) delete responses[415];
  });
  app.addHook('preParsing', async (request, reply) => {
    if (Number(request.headers['content-length']) > limit) throw tooLarge(request, reply);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Thrown again, the error reaches the app's handler and the one error contract.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge(request, reply);
    throw error;
  });
}

/**
 * Ends the connection after the answer without reading the rest of the body. Node ends it and destroys it as
 * soon as its end is sent; with body bytes still arriving, the client's system then gets a reset, and a client
 * still sending may lose the 413 before it reads it. So the connection is left half-closed and unread (the
 * client's sending stalls once the buffers are full) for REFUSED_UPLOAD_LINGER_MS, then dropped.
 */
function closeUnreadAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  request.raw.pause();
  reply.header('connection', 'close');
  const socket = request.raw.socket;
  // Node's own 'finish' listener (which ends the socket and asks for its destroy) runs first: it was added
  // when the request came in.
  reply.raw.once('finish', () => {
    socket.removeListener('finish', socket.destroy);
    setTimeout(() => socket.destroy(), REFUSED_UPLOAD_LINGER_MS).unref();
  });
}
