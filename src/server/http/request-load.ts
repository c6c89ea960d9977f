import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A long-lived response (the event stream): not counted as a request being answered. */
    stream?: boolean;
  }
}

/**
 * More requests under way at once than this means people are waiting for the process: with requests of a
 * few milliseconds, a few hundred a second keep it near zero.
 */
export const BUSY_AT = 8;

/**
 * How many requests this process is answering right now, event streams left out. The job worker steps
 * back while it is high: in the last minute of a busy round a bid must not wait behind the mail about the
 * bids before it, and the mail, queued durably, goes out a few seconds later instead.
 */
export class RequestLoad {
  private inFlight = 0;

  constructor(private readonly busyAt = BUSY_AT) {}

  get busy(): boolean {
    return this.inFlight >= this.busyAt;
  }

  get current(): number {
    return this.inFlight;
  }

  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.stream) return;
      this.inFlight++;
      // 'close' comes once however the response ends: sent, failed, or dropped by the client.
      reply.raw.once('close', () => this.inFlight--);
    });
  }
}
