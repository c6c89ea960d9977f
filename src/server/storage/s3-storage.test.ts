import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storePropertyImage } from '../features/images/image-processing';
import { isStoredPropertyImage } from '../features/images/upload.service';
import { S3Storage } from './s3-storage';

// The SDK warns on Node 20 that its releases after January 2027 need Node 22; the version is pinned (README).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BUCKET = 'budrunde-bilder';
const ACCESS_KEY = 'TESTACCESSKEY';

interface FakeObject {
  bytes: Buffer;
  contentType: string;
}

/** A tiny path-style S3: PUT, GET, HEAD and DELETE of /<bucket>/<key>, objects kept in a Map. */
class FakeS3 {
  readonly objects = new Map<string, FakeObject>();
  readonly requests: { method: string; path: string; authorization: string }[] = [];
  private server: Server = createServer((req, res) => {
    this.handle(req).then(
      ({ status, headers = {}, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers?: Record<string, string>; body?: Buffer | string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname);
    this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization ?? '' });
    if (!path.startsWith(`/${BUCKET}/`)) return { status: 404, body: xmlError('NoSuchBucket') };
    const key = path.slice(BUCKET.length + 2);
    const object = this.objects.get(key);
    switch (req.method) {
      case 'PUT':
        this.objects.set(key, {
          bytes: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        });
        return { status: 200, headers: { etag: '"fake"' } };
      case 'GET':
        if (!object)
          return { status: 404, headers: { 'content-type': 'application/xml' }, body: xmlError('NoSuchKey') };
        return {
          status: 200,
          headers: { 'content-type': object.contentType, 'content-length': String(object.bytes.length) },
          body: object.bytes,
        };
      case 'HEAD':
        if (!object) return { status: 404 };
        return { status: 200, headers: { 'content-type': object.contentType } };
      case 'DELETE':
        this.objects.delete(key);
        return { status: 204 };
      default:
        return { status: 405 };
    }
  }
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>Not found</Message><RequestId>1</RequestId></Error>`;

const fake = new FakeS3();
let endpoint: string;
let storage: S3Storage;

const s3 = (bucket: string) =>
  new S3Storage({
    bucket,
    region: 'eu-north-1',
    endpoint,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: 'test-secret',
  });

beforeAll(async () => {
  endpoint = await fake.start();
  storage = s3(BUCKET);
});
afterAll(async () => {
  storage.close();
  await fake.close();
});
beforeEach(() => {
  fake.objects.clear();
  fake.requests.length = 0;
});

const KEY = 'property-images/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';

describe('S3Storage against an S3-compatible server', () => {
  it('puts, gets and deletes an object path-style, with signed requests', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]);
    await storage.put(KEY, bytes, 'image/jpeg');

    expect(fake.objects.get(KEY)).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(fake.requests[0]).toMatchObject({ method: 'PUT', path: `/${BUCKET}/${KEY}` });
    expect(fake.requests[0]?.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/eu-north-1/s3/aws4_request`),
    );

    expect(await storage.get(KEY)).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await storage.exists(KEY)).toBe(true);

    await storage.delete(KEY);
    expect(fake.objects.has(KEY)).toBe(false);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
  });

  it('a missing key is null for get and false for exists', async () => {
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'HEAD']);
  });

  it('keys of any other shape never reach the server', async () => {
    expect(await storage.get('../session-secret')).toBeNull();
    expect(await storage.exists('property-images/x.gif')).toBe(false);
    await expect(storage.put('a/b/c.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'invalid object key',
    );
    expect(fake.requests).toEqual([]);
  });

  it('a wrong bucket is an error, not a missing image', async () => {
    // NoSuchBucket is a 404 too, but a misconfiguration must not look like "no such image".
    const wrong = s3('finnes-ikke');
    await expect(wrong.get(KEY)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    wrong.close();
  });

  it('the image pipeline stores a re-encoded picture that isStoredPropertyImage finds', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const path = await storePropertyImage(storage, jpeg);
    const key = path.replace('/objects/', '');
    expect(fake.objects.get(key)?.contentType).toBe('image/jpeg');
    expect(await sharp(fake.objects.get(key)?.bytes).metadata()).toMatchObject({ width: 20, height: 10 });
    expect(await isStoredPropertyImage(storage, path)).toBe(true);
  });
});
