import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, STALL_MS } from './live-connection';

/** A server stream the test writes to; `end` closes it as a server would. */
interface FakeStream {
  write(text: string): void;
  end(): void;
  signal: AbortSignal | undefined;
}

function fakeServer() {
  const streams: FakeStream[] = [];
  let status = 200;
  const fetchStub = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    if (status !== 200) return new Response('nei', { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    const signal = init?.signal ?? undefined;
    signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    streams.push({
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
      signal,
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    streams,
    fetch: fetchStub as unknown as typeof fetch,
    calls: () => fetchStub.mock.calls.length,
    answer: (code: number) => {
      status = code;
    },
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('LiveConnection', () => {
  let server: ReturnType<typeof fakeServer>;
  let connection: LiveConnection;
  const events: [string, unknown][] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    server = fakeServer();
    events.length = 0;
    // random 0.5 means no jitter: the delays are exactly 1 s, 2 s, 4 s …
    connection = new LiveConnection('/api/events', { fetch: server.fetch, random: () => 0.5 });
    connection.setHandler((name, data) => events.push([name, data]));
  });
  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });

  it('is live after hello, and hands on each event with its parsed data', async () => {
    connection.start();
    await settle();
    expect(connection.getStatus().state).toBe('connecting');
    server.streams[0]?.write('event: hello\ndata: {"signedIn":true}\n\n: ping\n\n');
    server.streams[0]?.write('event: journals\ndata: {"roundId":"r1"}\n\nevent: other\ndata: {}\n\n');
    await settle();
    expect(connection.getStatus()).toEqual({ state: 'live', signedIn: true });
    expect(events).toEqual([
      ['hello', { signedIn: true }],
      ['journals', { roundId: 'r1' }],
    ]);
  });

  it('falls back to polling when the server ends the stream, and reconnects after 1 s, then 2 s', async () => {
    connection.start();
    await settle();
    server.streams[0]?.write('event: hello\ndata: {"signedIn":false}\n\n');
    server.streams[0]?.end();
    await settle();
    expect(connection.getStatus().state).toBe('polling');
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls()).toBe(2);
    server.streams[1]?.end();
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls()).toBe(3);
  });

  it('backs off up to 30 s while the stream is refused, and starts at 1 s again after a hello', async () => {
    server.answer(503);
    connection.start();
    await settle();
    expect(connection.getStatus().state).toBe('polling');
    for (const delay of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      const before = server.calls();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(server.calls()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls()).toBe(before + 1);
    }
    server.answer(200);
    await vi.advanceTimersByTimeAsync(30_000);
    server.streams.at(-1)?.write('event: hello\ndata: {"signedIn":true}\n\n');
    await settle();
    expect(connection.getStatus().state).toBe('live');
    const calls = server.calls();
    server.streams.at(-1)?.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls()).toBe(calls + 1);
  });

  it('treats two missed heartbeats as a dead stream', async () => {
    connection.start();
    await settle();
    server.streams[0]?.write('event: hello\ndata: {"signedIn":true}\n\n');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    server.streams[0]?.write(': ping\n\n');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(connection.getStatus().state).toBe('live');
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.streams[0]?.signal?.aborted).toBe(true);
    expect(connection.getStatus().state).toBe('polling');
  });

  it('opens a new stream at once on restart, and forgets the old one without retrying it', async () => {
    connection.start();
    await settle();
    server.streams[0]?.write('event: hello\ndata: {"signedIn":false}\n\n');
    await settle();
    connection.restart();
    await settle();
    expect(server.streams[0]?.signal?.aborted).toBe(true);
    expect(connection.getStatus().state).toBe('connecting');
    expect(server.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls()).toBe(2);
  });
});
