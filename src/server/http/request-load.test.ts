import { request } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestLoad } from './request-load';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function serve(load: RequestLoad) {
  const app = Fastify();
  load.register(app);
  app.get('/slow', async () => {
    await sleep(200);
    return { ok: true };
  });
  app.get('/stream', { config: { stream: true } }, (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A GET that can be dropped before its answer comes. */
function get(port: number, path: string) {
  const req = request({ host: '127.0.0.1', port, path });
  const answered = new Promise<void>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => resolve());
  });
  req.end();
  return { answered, drop: () => req.destroy() };
}

describe('RequestLoad', () => {
  it('counts the requests under way, is busy from its threshold, and leaves event streams out', async () => {
    const load = new RequestLoad(3);
    const port = await serve(load);
    const stream = get(port, '/stream');
    const slow = [get(port, '/slow'), get(port, '/slow'), get(port, '/slow')];
    await vi.waitFor(() => expect(load.current).toBe(3));
    expect(load.busy).toBe(true);
    await Promise.all(slow.map((r) => r.answered));
    await vi.waitFor(() => expect(load.current).toBe(0));
    expect(load.busy).toBe(false);
    stream.drop();
  });

  it('stops counting a request the client dropped', async () => {
    const load = new RequestLoad();
    const port = await serve(load);
    const dropped = get(port, '/slow');
    await vi.waitFor(() => expect(load.current).toBe(1));
    dropped.drop();
    await vi.waitFor(() => expect(load.current).toBe(0));
  });
});
