import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashAddress } from '../security/client-address';
import type { Counters } from '../security/counters';

export interface ApiRateLimitOptions {
  /** Requests per minute per signed-in user; 0: no limit. */
  userPerMin: number;
  /** Requests per minute per client address, for visitors; 0: no limit. */
  addressPerMin: number;
  /** Where the counts are kept: shared by all processes with PostgreSQL or Redis, else this one's memory. */
  counters: Counters;
  /** Keys the hash of a visitor's address (SESSION_SECRET), so no address is stored in the counters. */
  secret: string;
}

export const RATE_LIMITED_MESSAGE = 'For mange forespørsler. Vent litt og prøv igjen.';
const WINDOW_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over our counters. Its own stores count per route; this one counts
 * per user or address across the whole API, which is what the limits are about, and keeps the counts where
 * the sensitive limits keep theirs.
 */
function storeOver(counters: Counters) {
  return class CountersStore {
    incr(key: string, callback: Callback, timeWindow = WINDOW_MS): void {
      counters.increment(`api:${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(): CountersStore {
      return this;
    }
  };
}

/**
 * The general limit on the API. Signed-in traffic counts per user, so 30 colleagues behind one office
 * address each have their own allowance; visitors count per client address (behind TRUST_PROXY, the
 * forwarded one). Registered in the API context after the session, whose onRequest hook runs first, so the
 * user is known. A refusal is 429 with Retry-After and the Norwegian message.
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  options: ApiRateLimitOptions,
): Promise<void> {
  if (options.userPerMin === 0 && options.addressPerMin === 0) return;
  const limitOf = (key: string) => (key.startsWith('user:') ? options.userPerMin : options.addressPerMin);
  await api.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => {
      const userId = request.session?.userId;
      return userId ? `user:${userId}` : `address:${hashAddress(options.secret, request.ip)}`;
    },
    max: (_request, key) => limitOf(key),
    allowList: (request, key) => !request.url.startsWith('/api/') || limitOf(key) === 0,
    store: storeOver(options.counters),
    // Counters out of reach (Redis or PostgreSQL down) must not take the whole API with them; the
    // sensitive limits do refuse then.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: RATE_LIMITED_MESSAGE,
    }),
  });
}
