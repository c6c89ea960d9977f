import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, LiveConnection, STALL_MS } from './live-connection';

/**
 * Stands in for the browser's EventSource: the test plays the server by emitting named events and
 * errors, and reads back which streams were opened and which the connection closed.
 */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  closed = false;
  readonly #listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** What a browser does for `event: <name>` and `data: <data>`; nothing once closed, as a browser. */
  emit(name: string, data: string): void {
    if (this.closed) return;
    for (const listener of this.#listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }

  /** A refused, blocked or ended stream. */
  error(): void {
    if (this.closed) return;
    for (const listener of this.#listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }
}

const opened = () => FakeEventSource.opened;
const last = () => {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no stream opened');
  return source;
};

describe('LiveConnection', () => {
  let connection: LiveConnection;
  const events: [string, unknown][] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    events.length = 0;
    // random 0.5 means no jitter: the delays are exactly 1 s, 2 s, 4 s …
    connection = new LiveConnection('/api/events', { EventSource: FakeEventSource, random: () => 0.5 });
    connection.setHandler((name, data) => events.push([name, data]));
  });
  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });

  it('opens one stream at start, is live after hello, and hands on each event with its parsed data', () => {
    connection.start();
    connection.start();
    expect(opened().map((s) => s.url)).toEqual(['/api/events']);
    expect(connection.getStatus().state).toBe('connecting');
    last().emit('hello', '{"signedIn":true}');
    last().emit('ping', '{}');
    last().emit('round', '{"roundId":"r1","change":"bid"}');
    last().emit('public-round', '{"roundId":"r2","change":"closed"}');
    last().emit('journals', '{"roundId":"r1"}');
    last().emit('journals', 'not json');
    last().emit('session-ended', '{}');
    // Unnamed and unknown events have no listener, as in a browser.
    last().emit('message', '{}');
    last().emit('other', '{}');
    expect(connection.getStatus()).toEqual({ state: 'live', signedIn: true });
    expect(events).toEqual([
      ['hello', { signedIn: true }],
      ['round', { roundId: 'r1', change: 'bid' }],
      ['public-round', { roundId: 'r2', change: 'closed' }],
      ['journals', { roundId: 'r1' }],
      ['session-ended', {}],
    ]);
  });

  it('closes the stream itself on error, polls, and reconnects after 1 s, then 2 s', async () => {
    connection.start();
    last().emit('hello', '{"signedIn":false}');
    last().error();
    expect(opened()[0]?.closed).toBe(true);
    expect(connection.getStatus()).toEqual({ state: 'polling', signedIn: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(opened()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened()).toHaveLength(2);
    last().error();
    await vi.advanceTimersByTimeAsync(1999);
    expect(opened()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened()).toHaveLength(3);
  });

  it('backs off up to 30 s while the stream fails, and starts at 1 s again after a hello', async () => {
    connection.start();
    last().error();
    expect(connection.getStatus().state).toBe('polling');
    for (const delay of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      const before = opened().length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(opened()).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened()).toHaveLength(before + 1);
      last().error();
    }
    await vi.advanceTimersByTimeAsync(30_000);
    last().emit('hello', '{"signedIn":true}');
    expect(connection.getStatus().state).toBe('live');
    const count = opened().length;
    last().error();
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened()).toHaveLength(count + 1);
    // Only the newest stream is open: every failed one was closed here, none left to its own retry.
    expect(opened().filter((s) => !s.closed)).toEqual([last()]);
  });

  it('spreads reconnects with jitter: at most 20 % early', async () => {
    connection = new LiveConnection('/api/events', { EventSource: FakeEventSource, random: () => 0 });
    connection.start();
    last().error();
    await vi.advanceTimersByTimeAsync(799);
    expect(opened()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened()).toHaveLength(2);
  });

  it('treats two missed heartbeats as a dead stream: closes it, polls and reconnects', async () => {
    connection.start();
    last().emit('hello', '{"signedIn":true}');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    last().emit('ping', '{}');
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(connection.getStatus().state).toBe('live');
    expect(events.map(([name]) => name)).toEqual(['hello']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened()[0]?.closed).toBe(true);
    expect(connection.getStatus().state).toBe('polling');
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened()).toHaveLength(2);
  });

  it('gives up on a stream that never says anything, as on one that went quiet', async () => {
    connection.start();
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(opened()[0]?.closed).toBe(true);
    expect(connection.getStatus().state).toBe('polling');
  });

  it('opens a new stream at once on restart (user changed), and forgets the old one without retrying it', async () => {
    connection.start();
    const old = last();
    old.emit('hello', '{"signedIn":false}');
    connection.restart();
    expect(old.closed).toBe(true);
    expect(connection.getStatus()).toEqual({ state: 'connecting', signedIn: false });
    expect(opened()).toHaveLength(2);
    // A late error of the old stream does not count against the new one.
    old.closed = false;
    old.error();
    old.emit('round', '{"roundId":"r1","change":"bid"}');
    expect(connection.getStatus().state).toBe('connecting');
    expect(events.map(([name]) => name)).toEqual(['hello']);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(opened()).toHaveLength(2);
    last().emit('hello', '{"signedIn":true}');
    expect(connection.getStatus()).toEqual({ state: 'live', signedIn: true });
  });

  it('restart while polling cancels the pending retry and reconnects at once', async () => {
    connection.start();
    last().error();
    connection.restart();
    expect(opened()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(opened()).toHaveLength(2);
  });

  it('stop closes the stream and schedules nothing', async () => {
    connection.start();
    connection.stop();
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(opened()).toHaveLength(1);
  });

  it('polls, and keeps trying, where the browser has no EventSource', async () => {
    let tries = 0;
    // What `new EventSource(…)` amounts to where there is none: a TypeError on every try.
    class Missing implements EventSourceLike {
      constructor() {
        tries++;
        throw new TypeError('EventSource is not defined');
      }
      addEventListener(): void {}
      close(): void {}
    }
    connection = new LiveConnection('/api/events', { EventSource: Missing, random: () => 0.5 });
    connection.start();
    expect(connection.getStatus().state).toBe('polling');
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(tries).toBe(3);
    expect(connection.getStatus().state).toBe('polling');
  });
});
