import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors';

/**
 * Makes the routes of one plugin take a raw upload of at most `limit` bytes, of any declared type, and refuse
 * a larger one without reading it (decision 026):
 * - a Content-Length over the limit is answered 413 at once, before a byte of the body is read (preParsing
 *   runs after the route's own onRequest, so visitors and bad links are still refused first);
 * - a body without one (chunked) is read up to the limit, then the request stream is paused, so nothing more
 *   comes off the wire.
 * Either way the answer closes the connection: its unread rest is never read.
 */
export function acceptRawUploads(app: FastifyInstance, limit: number, tooLargeMessage: string): void {
  const tooLarge = (reply: FastifyReply) => {
    reply.header('connection', 'close');
    return new AppError(413, tooLargeMessage);
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('preParsing', async (request, reply) => {
    if (Number(request.headers['content-length']) > limit) throw tooLarge(reply);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      request.raw.pause();
      // Thrown again, the error reaches the app's handler and the one error contract.
      throw tooLarge(reply);
    }
    throw error;
  });
}
