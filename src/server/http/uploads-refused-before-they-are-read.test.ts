import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../tests/setup/admin';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/setup/test-app';

// An upload over 10 MB must cost the server nothing: refused by its Content-Length before a byte of the body
// is read, and, sent without one (chunked), cut off at the limit with the connection closed, so the rest is
// never read either. Through a real socket, counting what the server read from it: inject() hands the
// server the whole body at once.
let t: TestApp;
let port: number;
let cookie: string;
let serverSide: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInVerified(t, 'stor-opplasting@example.no');
  t.app.server.on('connection', (socket: Socket) => serverSide.push(socket));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const PIECE = Buffer.alloc(256 * 1024, 0x61);

interface Outcome {
  status: number;
  body: string;
  /** Body bytes the client wrote before the server answered. */
  sent: number;
  /** Everything the server read from the connection, request head included. */
  serverRead: number;
  /** The server closed the connection after its answer (rather than keeping it to read on). */
  closedByServer: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request head, then (with a Content-Length only after a wait, so a server that refuses by the
 * header alone has answered) the body in 256 KB pieces until the server answers or `total` is sent, and
 * waits for the server to close the connection. A chunked body is not ended: a server that read on would
 * wait for more.
 */
async function upload(
  method: string,
  path: string,
  contentType: string,
  total: number,
  declared: boolean,
): Promise<Outcome> {
  serverSide = [];
  const socket = connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (data) => received.push(data));
  // EPIPE or ECONNRESET: the server closed the connection while the body was still coming.
  socket.on('error', () => undefined);
  const closed = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  const head = [
    `${method} ${path} HTTP/1.1`,
    'host: localhost',
    `origin: ${TEST_ORIGIN}`,
    `cookie: ${cookie}`,
    `content-type: ${contentType}`,
    declared ? `content-length: ${total}` : 'transfer-encoding: chunked',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  // A loaded machine may take a while to answer; the body waits up to 5 s for it.
  for (let waited = 0; declared && received.length === 0 && waited < 5_000; waited += 50) await pause(50);
  let sent = 0;
  while (sent < total && received.length === 0 && !socket.destroyed) {
    const chunk = declared
      ? PIECE
      : Buffer.concat([Buffer.from(`${PIECE.length.toString(16)}\r\n`), PIECE, Buffer.from('\r\n')]);
    sent += PIECE.length;
    if (!socket.write(chunk))
      await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
    await pause(0);
  }
  const closedByServer = await closed;
  socket.destroy();
  const [text = '', body = ''] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
    body,
    sent,
    serverRead: serverSide.reduce((sum, s) => sum + s.bytesRead, 0),
    closedByServer,
  };
}

async function imageUploadPath(): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/objects/upload', cookie });
  const url = new URL((res.json() as { uploadURL: string }).uploadURL, TEST_ORIGIN);
  return url.pathname + url.search;
}

const ROUTES = [
  {
    name: 'a property image',
    method: 'PUT',
    path: imageUploadPath,
    type: 'image/jpeg',
    message: 'Bildet er større enn 10 MB',
  },
  {
    name: 'a financing proof',
    method: 'POST',
    path: async () => '/api/financing-proofs',
    type: 'application/pdf',
    message: 'Finansieringsbeviset er større enn 10 MB',
  },
];

describe.each(ROUTES)('uploading $name over 10 MB', ({ method, path, type, message }) => {
  it('is refused by its Content-Length at once, before any of the body is sent', async () => {
    const outcome = await upload(method, await path(), type, 11 * MB, true);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ message });
    expect(outcome.sent).toBe(0);
    expect(outcome.serverRead).toBeLessThan(4096);
    expect(outcome.closedByServer).toBe(true);
  });

  it('without a Content-Length, is cut off at the limit and the connection closed', async () => {
    const outcome = await upload(method, await path(), type, 64 * MB, false);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ message });
    expect(outcome.closedByServer).toBe(true);
    // The 10 MB limit, and at most what one read from the socket brings past it; the client, still sending
    // when the answer came, stalled once the buffers of the unread connection were full.
    expect(outcome.serverRead).toBeLessThan(10 * MB + MB / 2);
    expect(outcome.sent).toBeLessThan(32 * MB);
  });
});
