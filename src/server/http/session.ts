import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { AuthCache } from './auth-cache';
import { DbSessionStore, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-store';

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

export async function registerSession(app: FastifyInstance, options: SessionOptions): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: sessionCookieName(options.isHttps),
    store: new DbSessionStore(options.db, options.clock, options.cache),
    saveUninitialized: false,
    // Not rolling: a save on every request would write back sessions that were just ended. The cookie lives
    // as long as the absolute timeout; the idle timeout is the server's to enforce.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.isHttps,
      path: '/',
      maxAge: SESSION_ABSOLUTE_MS,
    },
  });

  // Idle and absolute timeouts are enforced here, on the server, whatever the cookie says.
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session.userId) return;
    const now = options.clock.now().getTime();
    const created = session.createdAt ?? 0;
    const lastSeen = session.lastSeenAt ?? 0;
    if (now - created > SESSION_ABSOLUTE_MS || now - lastSeen > SESSION_IDLE_MS) {
      await session.destroy();
      return;
    }
    if (now - lastSeen > TOUCH_INTERVAL_MS) session.lastSeenAt = now;
  });
}

/**
 * Starts the signed-in session with a new id, so that an id planted before login is worth nothing after it.
 */
export async function startUserSession(request: FastifyRequest, userId: string, clock: Clock): Promise<void> {
  await request.session.regenerate();
  // regenerate() replaces request.session; write to the new object.
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
