import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_TOKEN_TTL_MS } from '../security/device-token';

export function deviceCookieName(isHttps: boolean): string {
  // As for the session: __Host- pins it to this exact host over HTTPS.
  return isHttps ? '__Host-budrunde.device' : 'budrunde.device';
}

export function readDeviceCookie(request: FastifyRequest, isHttps: boolean): string | undefined {
  return request.cookies[deviceCookieName(isHttps)];
}

const pending = new WeakMap<FastifyReply, string>();

/** Gives the browser its device cookie with this reply (written by sendDeviceCookie, below). */
export function setDeviceCookie(reply: FastifyReply, value: string): void {
  pending.set(reply, value);
}

/**
 * The onSend hook that writes the device cookie. It runs after the session plugin's own onSend, so the
 * session cookie stays the first Set-Cookie header, where clients that read only one look for it.
 */
export function sendDeviceCookie(isHttps: boolean) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const value = pending.get(reply);
    if (!value) return;
    reply.setCookie(deviceCookieName(isHttps), value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps,
      path: '/',
      maxAge: Math.floor(DEVICE_TOKEN_TTL_MS / 1000),
    });
  };
}
