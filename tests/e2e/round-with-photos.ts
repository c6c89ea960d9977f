import { drawPropertyPicture, type PictureStyle } from '../../src/server/demo/property-picture';

// A round with real photos, made as a seller's browser makes it: every photo through the three upload calls
// of SPEC §7 (a signed link, the bytes to it, the path registered), then POST /api/bid-round with imageUrls.
// Used by the gallery's browser test and by the client benchmark (scripts/bench/client.ts).

const KINDS: PictureStyle['kind'][] = ['house', 'cabin', 'apartment', 'terrace'];
const WALLS = ['#f5f5f4', '#b45309', '#fde68a', '#93c5fd', '#fca5a5', '#a7f3d0', '#d6d3d1'];
const ROOFS = ['#991b1b', '#1f2937', '#374151', '#7c2d12', '#14532d'];

/** The `n`th of a set of different drawn photos (1200 × 800 JPEGs), so that each one can be told apart. */
export function photoNumber(n: number): Promise<Buffer> {
  return drawPropertyPicture({
    kind: KINDS[n % KINDS.length] ?? 'house',
    sky: [`hsl(${(n * 37) % 360} 80% 65%)`, '#dbeafe'],
    wall: WALLS[n % WALLS.length] ?? '#f5f5f4',
    roof: ROOFS[n % ROOFS.length] ?? '#991b1b',
    ground: n % 2 ? '#4d7c0f' : '#15803d',
  });
}

/** Logs in through the API and returns the session as a `Cookie` header. */
export async function apiLogIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function call<T>(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(url.startsWith('http') ? url : `${baseUrl}${url}`, {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(Buffer.isBuffer(body) ? { 'content-type': 'image/jpeg' } : {}),
      ...(body && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
    },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads one JPEG as the signed-in seller; returns its /objects/ path. */
export async function uploadPhoto(baseUrl: string, cookie: string, bytes: Buffer): Promise<string> {
  const { uploadURL } = await call<{ uploadURL: string }>(baseUrl, cookie, 'POST', '/api/objects/upload');
  await call(baseUrl, cookie, 'PUT', uploadURL, bytes);
  const { objectPath } = await call<{ objectPath: string }>(baseUrl, cookie, 'PUT', '/api/property-images', {
    imageURL: uploadURL,
  });
  return objectPath;
}

/**
 * `count` different photos uploaded as the signed-in seller, in order; their /objects/ paths. The server
 * takes 30 uploads an hour from one user, as many as a round may have photos.
 */
export async function uploadPhotos(baseUrl: string, cookie: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let n = 0; n < count; n++) paths.push(await uploadPhoto(baseUrl, cookie, await photoNumber(n)));
  return paths;
}

/** The seller's open round with these photos (the first is the cover), ending in 10 days: its id. */
export async function roundWithPhotos(
  baseUrl: string,
  cookie: string,
  round: { title: string; address: string },
  imageUrls: string[],
): Promise<string> {
  const created = await call<{ id: string }>(baseUrl, cookie, 'POST', '/api/bid-round', {
    title: round.title,
    address: round.address,
    description: 'Lys og romslig, med hage mot sør.',
    startingPrice: 4_000_000,
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    imageUrls,
  });
  return created.id;
}
