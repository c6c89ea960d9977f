import { startTransition, useEffect, useState } from 'react';
import { HEARTBEAT_MS, type LiveEventName } from '../../shared/schemas/events';
import { useServerRenderTime } from './hydration';

/**
 * 'connecting': the first connection of the tab (or after login/logout) has not said hello yet.
 * 'live': the stream said hello and is healthy. 'polling': it failed; 5 s polling runs while it reconnects.
 */
export type LiveState = 'connecting' | 'live' | 'polling';

/** Before the first connection, and always on the server, which opens no stream. */
const SERVER_STATUS: LiveStatus = { state: 'connecting', signedIn: false };

export interface LiveStatus {
  state: LiveState;
  /** What the stream's last hello said: true when it carries a signed-in user's events. */
  signedIn: boolean;
}

export type LiveEventHandler = (name: LiveEventName, data: unknown) => void;

/** The part of the browser's EventSource this uses, so that tests can hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Two missed heartbeats: a proxy or a sleeping laptop has silently dropped the stream. */
export const STALL_MS = 2 * HEARTBEAT_MS;
/** What the cache learns from. 'ping' only proves the stream alive, so it is not handed on. */
const EVENT_NAMES = ['hello', 'round', 'public-round', 'journals', 'session-ended'] as const;

interface LiveConnectionOptions {
  /** Looked up when a stream opens, not here: the module is also loaded where there is no EventSource. */
  EventSource?: EventSourceConstructor;
  /** For jitter; tests pin it. */
  random?: () => number;
}

/**
 * The tab's one server-sent-events stream, read with the browser's EventSource. Its own retry is not
 * used: on any error the stream is closed and reopened here, with backoff (1 s, 2 s, 4 s … 30 s, with
 * jitter) so that a restarting server is not hit by every tab at the same moment, and with the 5 s polling
 * running meanwhile. EventSource also cannot tell a dead stream from a quiet one, so the server's
 * heartbeat is an `event: ping`, and silence for STALL_MS ends the stream.
 */
export class LiveConnection {
  #status: LiveStatus = SERVER_STATUS;
  #listeners = new Set<() => void>();
  #handler: LiveEventHandler = () => {};
  #source: EventSourceLike | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #running = false;
  readonly #EventSource: EventSourceConstructor | undefined;
  readonly #random: () => number;

  constructor(
    readonly url: string,
    options: LiveConnectionOptions = {},
  ) {
    this.#EventSource = options.EventSource;
    this.#random = options.random ?? Math.random;
  }

  setHandler(handler: LiveEventHandler): void {
    this.#handler = handler;
  }

  getStatus = (): LiveStatus => this.#status;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#attempt = 0;
    this.#connect();
  }

  stop(): void {
    this.#running = false;
    this.#close();
  }

  /** A new stream at once: the server reads the session cookie only when a stream opens (login, logout). */
  restart(): void {
    if (!this.#running) return;
    this.#close();
    this.#attempt = 0;
    // Until the new stream says hello, the old one's events no longer stand for this user.
    if (this.#status.state === 'live') this.#setStatus({ state: 'connecting', signedIn: false });
    this.#connect();
  }

  #setStatus(status: LiveStatus): void {
    if (status.state === this.#status.state && status.signedIn === this.#status.signedIn) return;
    this.#status = status;
    for (const listener of this.#listeners) listener();
  }

  #close(): void {
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#stallTimer);
    const source = this.#source;
    // Cleared first: events still queued for the closed stream see that it was replaced, and are dropped.
    this.#source = null;
    source?.close();
  }

  #connect(): void {
    let source: EventSourceLike;
    try {
      const EventSourceClass = this.#EventSource ?? globalThis.EventSource;
      source = new EventSourceClass(this.url);
    } catch {
      // No EventSource in this browser, or a URL it refuses: the tab polls, and tries again later.
      this.#fail();
      return;
    }
    this.#source = source;
    this.#watch(source);
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        if (this.#source !== source) return;
        this.#watch(source);
        this.#receive(name, event.data);
      });
    }
    source.addEventListener('ping', () => {
      if (this.#source === source) this.#watch(source);
    });
    // Refused, blocked, cut off, or ended by the server: EventSource would retry by itself (readyState
    // CONNECTING) or give up (CLOSED); either way it is closed here and reopened with backoff.
    source.addEventListener('error', () => {
      if (this.#source === source) this.#fail();
    });
  }

  /** Any event, heartbeat or not, proves the stream alive; silence for STALL_MS ends it. */
  #watch(source: EventSourceLike): void {
    clearTimeout(this.#stallTimer);
    this.#stallTimer = setTimeout(() => {
      if (this.#source === source) this.#fail();
    }, STALL_MS);
  }

  #receive(name: LiveEventName, data: unknown): void {
    let payload: unknown;
    try {
      payload = JSON.parse(String(data));
    } catch {
      return;
    }
    if (name === 'hello') {
      this.#attempt = 0;
      const signedIn = Boolean((payload as { signedIn?: unknown } | null)?.signedIn);
      this.#setStatus({ state: 'live', signedIn });
    }
    this.#handler(name, payload);
  }

  #fail(): void {
    this.#close();
    this.#setStatus({ state: 'polling', signedIn: this.#status.signedIn });
    if (!this.#running) return;
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#attempt);
    this.#attempt++;
    // ±20 % jitter, still never above the cap.
    const delay = Math.min(MAX_RETRY_MS, Math.round(base * (0.8 + 0.4 * this.#random())));
    this.#retryTimer = setTimeout(() => this.#connect(), delay);
  }
}

/** The tab's stream, started by <LiveEvents /> at start-up. */
export const liveConnection = new LiveConnection('/api/events');

/**
 * The stream's status, as state that changes in a transition. Not useSyncExternalStore: that re-renders
 * every reader synchronously, and through useCurrentUser nearly the whole page reads it, so the stream
 * opening and saying hello each cost a slow phone a 200–300 ms task. A reader may see a change a moment
 * after another; for a status that only picks between streaming and polling, that is harmless.
 */
export function useLiveStatus(): LiveStatus {
  // Hydrating a page the server rendered: from the server's status (no stream), as in its HTML.
  const hydrating = useServerRenderTime() !== null;
  const [status, setStatus] = useState(() => (hydrating ? SERVER_STATUS : liveConnection.getStatus()));
  useEffect(() => {
    const update = () => startTransition(() => setStatus(liveConnection.getStatus()));
    const unsubscribe = liveConnection.subscribe(update);
    update(); // a change between the render and this subscription
    return unsubscribe;
  }, []);
  return status;
}

/**
 * Whether the stream carries a signed-in user's changes right now. A visitor's stream does not: a signed-in
 * user whose tab still holds one keeps polling.
 */
export function useMemberStreamLive(): boolean {
  const { state, signedIn } = useLiveStatus();
  return state === 'live' && signedIn;
}
