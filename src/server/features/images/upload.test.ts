import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD } from '../../../../tests/setup/accounts';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../../../tests/setup/test-app';
import { createUser } from '../accounts/accounts.service';
import { MAX_IMAGE_BYTES, storePropertyImage } from './image-processing';
import { isStoredPropertyImage } from './upload.service';
import { UPLOAD_LINK_TTL_MS } from './upload-links';

const OBJECT_PATH = /^\/objects\/property-images\/([0-9a-f-]{36})\.(jpg|png)$/;
const UPLOAD_URL = /^\/api\/objects\/uploads\/([0-9a-f-]{36})\?expires=(\d+)&sig=([A-Za-z0-9_-]{43})$/;

let t: TestApp;
let kari: string;
let ola: string;

async function signIn(email: string): Promise<string> {
  await createUser(
    t.deps.db,
    { email, password: PASSWORD, firstName: 'Test', lastName: 'Bruker' },
    { emailVerified: true },
  );
  const res = await login(t, email, PASSWORD);
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}

beforeAll(async () => {
  t = await createTestApp();
  kari = await signIn('kari.opplasting@example.no');
  ola = await signIn('ola.opplasting@example.no');
});
afterAll(() => t.close());

const photoWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Kari Nordmann', Make: 'Canon' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();

async function getUploadUrl(cookie: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/objects/upload', cookie });
  expect(res.statusCode).toBe(200);
  const { uploadURL } = res.json() as { uploadURL: string };
  expect(uploadURL).toMatch(UPLOAD_URL);
  return uploadURL;
}

const put = (url: string, cookie: string | undefined, payload: Buffer, contentType = 'image/jpeg') =>
  t.request({ method: 'PUT', url, cookie, payload, headers: { 'content-type': contentType } });

const register = (imageURL: string, cookie: string | undefined) =>
  t.request({ method: 'PUT', url: '/api/property-images', cookie, payload: { imageURL } });

describe('the three upload calls', () => {
  it('a JPEG goes up, loses its EXIF and GPS data, is registered and served under /objects/', async () => {
    const uploadURL = await getUploadUrl(kari);
    const id = UPLOAD_URL.exec(uploadURL)?.[1];

    const uploaded = await put(uploadURL, kari, await photoWithExif());
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toEqual({ objectPath: `/objects/property-images/${id}.jpg` });

    const registered = await register(uploadURL, kari);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ objectPath: `/objects/property-images/${id}.jpg` });

    const stored = await t.deps.storage.get(`property-images/${id}.jpg`);
    const meta = await sharp(stored?.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(stored?.bytes.toString('latin1')).not.toContain('Kari Nordmann');
    expect(stored?.bytes.toString('latin1')).not.toContain('WGS-84');

    const served = await t.request({ method: 'GET', url: registered.json().objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it('a PNG stays a PNG, whatever content type the browser claims', async () => {
    const uploadURL = await getUploadUrl(kari);
    const uploaded = await put(uploadURL, kari, await png(), 'application/octet-stream');
    expect(uploaded.statusCode).toBe(200);
    const { objectPath } = uploaded.json() as { objectPath: string };
    expect(objectPath).toMatch(/\.png$/);

    const registered = await register(uploadURL, kari);
    expect(registered.json()).toEqual({ objectPath });
    const served = await t.request({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 });
  });

  it('a file sent as JSON is still taken as bytes and judged by them', async () => {
    const uploadURL = await getUploadUrl(kari);
    const res = await put(uploadURL, kari, await png(), 'application/json');
    expect(res.statusCode).toBe(200);
  });

  it('an already registered /objects/ path is accepted again as it is', async () => {
    const uploadURL = await getUploadUrl(kari);
    const { objectPath } = (await put(uploadURL, kari, await png())).json() as { objectPath: string };
    const res = await register(objectPath, kari);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ objectPath });
  });

  it('an absolute upload URL on our own origin is accepted', async () => {
    const uploadURL = await getUploadUrl(kari);
    const { objectPath } = (await put(uploadURL, kari, await png())).json() as { objectPath: string };
    const res = await register(`${t.deps.env.APP_URL}${uploadURL}`, kari);
    expect(res.json()).toEqual({ objectPath });
  });

  it('a link may be registered after it expired, since the upload happened in time', async () => {
    const uploadURL = await getUploadUrl(kari);
    expect((await put(uploadURL, kari, await png())).statusCode).toBe(200);
    t.clock.advance(UPLOAD_LINK_TTL_MS + 60_000);
    expect((await register(uploadURL, kari)).statusCode).toBe(200);
  });
});

describe('refused files', () => {
  it.each([
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    ['text bytes', async () => Buffer.from('Dette er ikke et bilde.\n'.repeat(50))],
  ])('%s sent as image/jpeg is refused and nothing is stored', async (_name, make) => {
    const uploadURL = await getUploadUrl(kari);
    const res = await put(uploadURL, kari, await make());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Bare JPG- og PNG-bilder er tillatt' });
    const registered = await register(uploadURL, kari);
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toEqual({ message: 'Fant ikke bildet. Last opp på nytt.' });
  });

  it('an empty body is refused', async () => {
    const res = await t.request({ method: 'PUT', url: await getUploadUrl(kari), cookie: kari });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Filen er tom' });
  });

  it.each([
    ['one byte over 10 MB', MAX_IMAGE_BYTES + 1],
    ['far over 10 MB', MAX_IMAGE_BYTES + 3 * 1024 * 1024],
  ])('a file %s gets 413 in Norwegian', async (_name, size) => {
    const jpeg = await photoWithExif();
    const big = Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    const res = await put(await getUploadUrl(kari), kari, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Bildet er større enn 10 MB' });
  });

  it('a second upload to a used link is refused and the first image stays', async () => {
    const uploadURL = await getUploadUrl(kari);
    const first = await put(uploadURL, kari, await png());
    const again = await put(uploadURL, kari, await photoWithExif());
    expect(again.statusCode).toBe(409);
    const served = await t.request({ method: 'GET', url: first.json().objectPath });
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('links that are not yours to use', () => {
  const forbidden = { message: 'Ugyldig eller utløpt opplastingslenke' };

  it.each([
    [
      'a tampered signature',
      (url: string) => url.replace(/sig=(.)/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`),
    ],
    [
      'a later expiry',
      (url: string) => url.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 3_600_000}`),
    ],
    // Change the id's first character to a different one (a fixed '0' would be no change 1 time in 16).
    [
      'another id',
      (url: string) => url.replace(/uploads\/([0-9a-f])/, (_m, c) => `uploads/${c === '0' ? '1' : '0'}`),
    ],
    ['no signature', (url: string) => url.replace(/&sig=.*$/, '')],
    ['a malformed id', (url: string) => url.replace(/uploads\/[^?]+/, 'uploads/..%2F..%2Fsecret')],
  ])('%s is refused with 403', async (_name, tamper) => {
    const res = await put(tamper(await getUploadUrl(kari)), kari, await png());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('an expired link is refused with 403', async () => {
    const uploadURL = await getUploadUrl(kari);
    t.clock.advance(UPLOAD_LINK_TTL_MS + 1000);
    const res = await put(uploadURL, kari, await png());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('a link is still good just before it expires', async () => {
    const uploadURL = await getUploadUrl(kari);
    t.clock.advance(UPLOAD_LINK_TTL_MS - 5000);
    expect((await put(uploadURL, kari, await png())).statusCode).toBe(200);
  });

  it("another user's link is refused, for upload and for registration", async () => {
    const karisUrl = await getUploadUrl(kari);
    const res = await put(karisUrl, ola, await png());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);

    expect((await put(karisUrl, kari, await png())).statusCode).toBe(200);
    const stolen = await register(karisUrl, ola);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: 'Fant ikke bildet. Last opp på nytt.' });
  });

  it.each([
    ['a path that was never uploaded', '/objects/property-images/00000000-0000-4000-8000-000000000000.jpg'],
    ['a link that was never used', null],
    ['a foreign URL', 'https://example.com/bilde.jpg'],
    ['a traversal', '/objects/../session-secret'],
    ['an upload URL on another origin', 'https://evil.example/api/objects/uploads/x?expires=1&sig=y'],
  ])('registering %s is refused', async (_name, imageURL) => {
    const res = await register(imageURL ?? (await getUploadUrl(kari)), kari);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Fant ikke bildet. Last opp på nytt.' });
  });
});

describe('who may call', () => {
  it('a visitor gets 401 on all three calls, before the file is read', async () => {
    const uploadURL = await getUploadUrl(kari);
    const calls = [
      await t.request({ method: 'POST', url: '/api/objects/upload' }),
      await put(uploadURL, undefined, await png()),
      await register(uploadURL, undefined),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du må være innlogget' });
    }
  });

  it('a request without a same-origin Origin gets 403 on all three calls (CSRF)', async () => {
    const uploadURL = await getUploadUrl(kari);
    const crossSite = [
      { method: 'POST' as const, url: '/api/objects/upload' },
      {
        method: 'PUT' as const,
        url: uploadURL,
        payload: await png(),
        headers: { 'content-type': 'image/png' },
      },
      { method: 'PUT' as const, url: '/api/property-images', payload: { imageURL: uploadURL } },
    ];
    for (const call of crossSite) {
      const res = await t.app.inject({ ...call, headers: { ...call.headers, cookie: kari } });
      expect(res.statusCode).toBe(403);
      const evil = await t.app.inject({
        ...call,
        headers: { ...call.headers, cookie: kari, origin: 'https://evil.example' },
      });
      expect(evil.statusCode).toBe(403);
    }
    // The link was not used by either attempt.
    expect((await put(uploadURL, kari, await png())).statusCode).toBe(200);
  });
});

describe('isStoredPropertyImage', () => {
  it('is true only for images that are really stored', async () => {
    const path = await storePropertyImage(t.deps.storage, await png());
    expect(path).toMatch(OBJECT_PATH);
    expect(await isStoredPropertyImage(t.deps.storage, path)).toBe(true);
    expect(await isStoredPropertyImage(t.deps.storage, path.replace('/objects/', ''))).toBe(true);
    expect(await isStoredPropertyImage(t.deps.storage, path.replace('.png', '.jpg'))).toBe(false);
    expect(
      await isStoredPropertyImage(
        t.deps.storage,
        '/objects/property-images/00000000-0000-4000-8000-000000000000.png',
      ),
    ).toBe(false);
    expect(await isStoredPropertyImage(t.deps.storage, '/objects/../../etc/passwd')).toBe(false);
    expect(await isStoredPropertyImage(t.deps.storage, 'https://example.com/x.jpg')).toBe(false);
    expect(await isStoredPropertyImage(t.deps.storage, '')).toBe(false);
  });
});
