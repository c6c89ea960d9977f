import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { AuthCache } from './auth-cache';
import { RequestSession } from './request-session';
import { DbSessionStore, SESSION_ABSOLUTE_MS, sessionExpiresAt } from './session-store';

export interface SessionOptions {
  db: Db;
  clock: Clock;
  secret: string;
  isHttps: boolean;
  cache?: AuthCache;
}

// Refresh the stored idle deadline at most this often, so that ordinary polling does not write a row
// on every request.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function sessionCookieName(isHttps: boolean): string {
  // The __Host- prefix pins the cookie to this exact host over HTTPS, path /.
  return isHttps ? '__Host-budrunde.sid' : 'budrunde.sid';
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

/**
 * Server-side sessions in the `sessions` table, behind a signed cookie holding only the session id.
 *
 * Written here rather than taken from @fastify/session: that plugin signs the id again, hashes the whole
 * session twice (to see whether it changed) and builds cookie objects on every request, which measured at
 * over a third of the server's CPU on the signed-in round list. This keeps its cookie format (the id,
 * signed by @fastify/cookie), so cookies it issued still work.
 */
export async function registerSession(app: FastifyInstance, options: SessionOptions): Promise<void> {
  await app.register(fastifyCookie, { secret: options.secret });
  const store = new DbSessionStore(options.db, options.clock, options.cache);
  const cookieName = sessionCookieName(options.isHttps);
  app.decorateRequest('session', null as unknown as RequestSession);

  const sessionIdOf = remembersSignatures((raw, request) => {
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  });
  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[cookieName];
    const sid = raw ? sessionIdOf(raw, request) : null;
    const data = sid ? await store.get(sid) : null;
    const session = data && sid ? new RequestSession(store, sid, data) : new RequestSession(store);
    request.session = session;
    if (!session.userId) return;
    // Idle and absolute timeouts are enforced here, on the server, whatever the cookie says.
    const now = options.clock.now().getTime();
    if (now > sessionExpiresAt(session, 0)) await session.destroy();
    else if (now - (session.lastSeenAt ?? 0) > TOUCH_INTERVAL_MS) session.lastSeenAt = now;
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.session || !(await request.session.save())) return;
    reply.setCookie(cookieName, request.session.sessionId, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.isHttps,
      path: '/',
      // The cookie lives as long as the absolute timeout; the idle timeout is the server's to enforce.
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  });
}

const REMEMBERED_COOKIES = 10_000;

/**
 * The session id of each signed cookie value already checked. Whether a value's signature holds depends on
 * the value and the secret alone, so it is checked once rather than by an HMAC on every request (measured at
 * a tenth of the server's own work on the signed-in round list, decision 050). Only cookies that held are
 * kept, so made-up ones cannot crowd them out; the store still decides on every request whether the session
 * lives. Bounded: past the limit it starts over.
 */
function remembersSignatures(
  check: (raw: string, request: FastifyRequest) => string | null,
): (raw: string, request: FastifyRequest) => string | null {
  const known = new Map<string, string>();
  return (raw, request) => {
    const remembered = known.get(raw);
    if (remembered !== undefined) return remembered;
    const sid = check(raw, request);
    if (sid !== null) {
      if (known.size >= REMEMBERED_COOKIES) known.clear();
      known.set(raw, sid);
    }
    return sid;
  };
}

/**
 * Starts the signed-in session with a new id, so that an id planted before login is worth nothing after it.
 */
export async function startUserSession(request: FastifyRequest, userId: string, clock: Clock): Promise<void> {
  await request.session.regenerate();
  const now = clock.now().getTime();
  request.session.userId = userId;
  request.session.createdAt = now;
  request.session.lastSeenAt = now;
  request.session.justLoggedIn = true;
}

/** Ends the request's session and tells the browser to forget its cookie. */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  isHttps: boolean,
): Promise<void> {
  if (request.session) await request.session.destroy();
  reply.clearCookie(sessionCookieName(isHttps), { path: '/' });
}
