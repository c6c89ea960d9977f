import { useSyncExternalStore } from 'react';
import { HEARTBEAT_MS, type LiveEventName } from '../../shared/schemas/events';
import { SseParser } from './sse-parser';

/**
 * 'connecting': the first connection of the tab (or after login/logout) has not said hello yet.
 * 'live': the stream said hello and is healthy. 'polling': it failed; 5 s polling runs while it reconnects.
 */
export type LiveState = 'connecting' | 'live' | 'polling';

export interface LiveStatus {
  state: LiveState;
  /** What the stream's last hello said: true when it carries a signed-in user's events. */
  signedIn: boolean;
}

export type LiveEventHandler = (name: LiveEventName, data: unknown) => void;

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Two missed heartbeats: a proxy or a sleeping laptop has silently dropped the stream. */
export const STALL_MS = 2 * HEARTBEAT_MS;
const EVENT_NAMES = new Set<string>(['hello', 'round', 'public-round', 'journals', 'session-ended']);

interface LiveConnectionOptions {
  fetch?: typeof fetch;
  /** For jitter; tests pin it. */
  random?: () => number;
}

/**
 * The tab's one server-sent-events stream. It is read with fetch rather than EventSource because the
 * server's heartbeats are comment lines, which EventSource never shows to scripts; without them a dead
 * stream cannot be told from a quiet one. Reconnects with backoff (1 s, 2 s, 4 s … 30 s, with jitter), so
 * a restarting server is not hit by every tab at the same moment.
 */
export class LiveConnection {
  #status: LiveStatus = { state: 'connecting', signedIn: false };
  #listeners = new Set<() => void>();
  #handler: LiveEventHandler = () => {};
  #abort: AbortController | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #running = false;
  readonly #fetch: typeof fetch;
  readonly #random: () => number;

  constructor(
    readonly url: string,
    options: LiveConnectionOptions = {},
  ) {
    this.#fetch = options.fetch ?? ((...args) => fetch(...args));
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
    void this.#connect();
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
    void this.#connect();
  }

  #setStatus(status: LiveStatus): void {
    if (status.state === this.#status.state && status.signedIn === this.#status.signedIn) return;
    this.#status = status;
    for (const listener of this.#listeners) listener();
  }

  #close(): void {
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#stallTimer);
    const abort = this.#abort;
    // Cleared first, so the closing stream's reader knows it was replaced and does not schedule a retry.
    this.#abort = null;
    abort?.abort();
  }

  async #connect(): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    this.#watch(abort);
    try {
      const response = await this.#fetch(this.url, {
        credentials: 'include',
        cache: 'no-store',
        headers: { Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
        throw new Error(`GET ${this.url}: ${response.status}`);
      }
      const parser = new SseParser(({ event, data }) => this.#receive(event, data));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || this.#abort !== abort) break;
        this.#watch(abort);
        parser.push(value);
      }
    } catch {
      // Refused, blocked, cut off or stalled: all end the same way, below.
    }
    if (this.#abort !== abort) return;
    this.#fail();
  }

  /** Any bytes, heartbeat or event, prove the stream alive; silence for STALL_MS ends it. */
  #watch(abort: AbortController): void {
    clearTimeout(this.#stallTimer);
    this.#stallTimer = setTimeout(() => {
      if (this.#abort === abort) abort.abort();
    }, STALL_MS);
  }

  #receive(event: string, data: string): void {
    if (!EVENT_NAMES.has(event)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (event === 'hello') {
      this.#attempt = 0;
      const signedIn = Boolean((payload as { signedIn?: unknown } | null)?.signedIn);
      this.#setStatus({ state: 'live', signedIn });
    }
    this.#handler(event as LiveEventName, payload);
  }

  #fail(): void {
    this.#abort = null;
    clearTimeout(this.#stallTimer);
    this.#setStatus({ state: 'polling', signedIn: this.#status.signedIn });
    if (!this.#running) return;
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#attempt);
    this.#attempt++;
    // ±20 % jitter, still never above the cap.
    const delay = Math.min(MAX_RETRY_MS, Math.round(base * (0.8 + 0.4 * this.#random())));
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
  }
}

/** The tab's stream, started by <LiveEvents /> at start-up. */
export const liveConnection = new LiveConnection('/api/events');

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveConnection.subscribe, liveConnection.getStatus);
}

/**
 * Whether the stream carries a signed-in user's changes right now. A visitor's stream does not: a signed-in
 * user whose tab still holds one keeps polling.
 */
export function useMemberStreamLive(): boolean {
  const { state, signedIn } = useLiveStatus();
  return state === 'live' && signedIn;
}
