import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long an upload link may be used after it was handed out. */
export const UPLOAD_LINK_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH_PREFIX = '/api/objects/uploads/';

/** A signed permission for one user to upload one object, before `expires` (epoch ms). */
export interface UploadLink {
  id: string;
  expires: number;
  sig: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EPOCH_MS = /^\d{1,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

// The session secret also signs cookies; a key derived for this one purpose keeps the two from ever being
// interchangeable.
const uploadKey = (secret: string) => createHmac('sha256', secret).update('budrunde:upload-link:v1').digest();

function sign(secret: string, userId: string, id: string, expires: number): string {
  return createHmac('sha256', uploadKey(secret)).update(`${userId}|${id}|${expires}`).digest('base64url');
}

export function createUploadLink(secret: string, userId: string, now: Date): UploadLink {
  const id = randomUUID();
  const expires = now.getTime() + UPLOAD_LINK_TTL_MS;
  return { id, expires, sig: sign(secret, userId, id, expires) };
}

/** The same-origin relative URL the browser PUTs the file to. */
export function uploadUrlOf(link: UploadLink): string {
  return `${UPLOAD_PATH_PREFIX}${link.id}?expires=${link.expires}&sig=${link.sig}`;
}

/** Reads a link from the route's id and query; null when anything is missing or malformed. */
export function parseUploadLink(id: unknown, query: unknown): UploadLink | null {
  const { expires, sig } = (query ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  if (typeof expires !== 'string' || !EPOCH_MS.test(expires)) return null;
  if (typeof sig !== 'string' || !SIGNATURE.test(sig)) return null;
  return { id, expires: Number(expires), sig };
}

/** Reads a link from an upload URL (relative, or absolute on our own origin). */
export function parseUploadUrl(url: string, appUrl: string): UploadLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url, appUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(appUrl).origin || !parsed.pathname.startsWith(UPLOAD_PATH_PREFIX))
    return null;
  return parseUploadLink(parsed.pathname.slice(UPLOAD_PATH_PREFIX.length), {
    expires: parsed.searchParams.get('expires') ?? undefined,
    sig: parsed.searchParams.get('sig') ?? undefined,
  });
}

/** Whether this user was given this link by us (whatever its age). */
export function isSignedFor(secret: string, userId: string, link: UploadLink): boolean {
  const expected = Buffer.from(sign(secret, userId, link.id, link.expires));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const isExpired = (link: UploadLink, now: Date) => now.getTime() > link.expires;
