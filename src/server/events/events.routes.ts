import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { TooManyRequests } from '../errors';
import { sessionExpiresAt } from '../http/session-store';
import { hashAddress } from '../security/client-address';
import { frame, type Subscriber } from './event-hub';
import { StreamCaps, TOO_MANY_STREAMS } from './stream-caps';

/**
 * A reader this far behind is not reading: it is dropped rather than let its backlog grow without bound.
 * The client reconnects and refetches. Far above a burst of events on one busy round.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

// A stream is ended and reopened at least this often, so that the session is judged again.
const MAX_STREAM_MS = 6 * 60 * 60 * 1000;

// The client's backoff tops out at 30 s, polling meanwhile: a refused tab tries again about then.
const FULL_RETRY_AFTER_SEC = 30;

// The stream is written by hand, so the schema only documents it; past the caps the answer is 429 (common).
const streamResponses = {
  200: {
    description:
      'Hendelser som text/event-stream: `event:` er navnet (hello, round, public-round, journals, ' +
      'session-ended, ping) og `data:` JSON-innholdet (shared/schemas/events.ts)',
    content: { 'text/event-stream': { schema: z.string() } },
  },
};

/**
 * Writes a frame unless the reader has left more than `maxBytes` unread, in which case the connection is
 * destroyed instead (and false returned): a stalled reader must not make the server hold its backlog.
 */
export function writeWithinLimit(
  res: Pick<ServerResponse, 'writableLength' | 'write' | 'destroy'>,
  text: string,
  maxBytes: number,
): boolean {
  if (res.writableLength > maxBytes) {
    res.destroy();
    return false;
  }
  res.write(text);
  return true;
}

export function eventsRoutes(deps: AppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Streams are ended before the server waits for its connections to close, or shutdown would wait forever.
    app.addHook('preClose', async () => deps.events.endAll());
    const caps = new StreamCaps({
      perUser: deps.env.EVENT_STREAMS_PER_USER,
      perAddress: deps.env.EVENT_STREAMS_PER_ADDRESS,
    });

    const options = {
      config: { access: 'public', stream: true },
      schema: { response: streamResponses },
    } as const;
    app.get('/api/events', options, (request, reply) => {
      const viewer = request.viewer;
      // Past the cap the new stream is refused, not the oldest closed: a closed tab would reconnect and
      // close the next one, round and round, while a refused one polls and tries again later (decision 027).
      const release = caps.take(
        viewer ? { userId: viewer.id } : { address: hashAddress(deps.env.SESSION_SECRET, request.ip) },
      );
      if (!release) throw new TooManyRequests(TOO_MANY_STREAMS, FULL_RETRY_AFTER_SEC);
      const res = reply.raw;
      // The stream is written by hand: Fastify's reply would end it after the first send.
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and other proxies would otherwise buffer the stream and deliver events late.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      let ended = false;
      let timer: NodeJS.Timeout | undefined;
      const subscriber: Subscriber = {
        userId: viewer?.id ?? null,
        sessionId: viewer ? request.session.sessionId : null,
        write: (text) => {
          if (ended) return;
          if (!writeWithinLimit(res, text, MAX_BUFFERED_BYTES)) {
            request.log.warn('event stream dropped: its reader is too far behind');
            subscriber.end();
          }
        },
        end: () => {
          if (ended) return;
          ended = true;
          clearTimeout(timer);
          remove();
          release();
          res.end();
        },
      };
      const remove = deps.events.add(subscriber);
      res.on('close', () => subscriber.end());
      res.on('error', () => subscriber.end());
      // Tells the client how long to wait before it reconnects by itself, and who the stream is for.
      subscriber.write(`retry: 2000\n${frame('hello', { signedIn: viewer !== null })}`);

      if (viewer) {
        const expires = sessionExpiresAt(request.session, 0);
        const left = expires - deps.clock.now().getTime();
        timer = setTimeout(
          () => {
            if (deps.clock.now().getTime() >= expires) subscriber.write(frame('session-ended', {}));
            subscriber.end();
          },
          Math.max(0, Math.min(left, MAX_STREAM_MS)),
        );
        timer.unref();
      }
    });
  };
}
