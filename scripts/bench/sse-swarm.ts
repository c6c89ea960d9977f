import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { mapLimit } from './http-client';
import { sleep } from './stats';

/** When the subscribers got one bid's `round` event. */
export interface Arrival {
  count: number;
  first: number;
  last: number;
}

const BID_CHANGE = '"change":"bid"';
const BID_ID = '"bidId":"';

/**
 * Many GET /api/events streams over raw node:http, one socket each, parsed by hand. Only what the figure
 * needs is read from each `round` event (its change and bidId, found as text); one subscriber's events are
 * also fully parsed, to check that this shortcut reads them right. The bench shares two cores with the
 * server, so every millisecond spent here would show up as latency.
 */
export class SseSwarm {
  connected = 0;
  helloes = 0;
  dropped = 0;
  /** Set when the fully parsed subscriber disagrees with the shortcut, or an event is malformed. */
  formatProblem: string | null = null;
  /** Whether the checked subscriber's bid events carried the participants' bid list. */
  sampleHadBids = false;
  /** Size of the checked subscriber's last bid event's data, bytes (as UTF-16 length; close enough). */
  sampleEventBytes = 0;
  private readonly arrivals = new Map<string, Arrival>();
  private readonly requests: http.ClientRequest[] = [];
  private closing = false;
  private readonly url: URL;

  constructor(baseUrl: string) {
    this.url = new URL(baseUrl);
  }

  /** Opens one stream per cookie, `concurrency` at a time; rejects on the first refused stream. */
  async open(cookies: readonly string[], concurrency: number): Promise<void> {
    const offset = this.requests.length;
    await mapLimit(
      cookies.map((cookie, i) => ({ cookie, index: offset + i })),
      concurrency,
      ({ cookie, index }) => this.openOne(cookie, index),
    );
  }

  /** Waits until every open stream has had its `hello`; false on timeout. */
  async waitForHelloes(timeoutMs: number): Promise<boolean> {
    const until = performance.now() + timeoutMs;
    while (this.helloes < this.connected && performance.now() < until) await sleep(20);
    return this.helloes >= this.connected;
  }

  get alive(): number {
    return this.connected - this.dropped;
  }

  arrival(bidId: string): Arrival | undefined {
    return this.arrivals.get(bidId);
  }

  /** Waits until every open stream has the bid's event, or the time is up; returns what arrived. */
  async waitForBid(bidId: string, timeoutMs: number): Promise<Arrival | undefined> {
    const until = performance.now() + timeoutMs;
    while ((this.arrivals.get(bidId)?.count ?? 0) < this.alive && performance.now() < until) await sleep(5);
    return this.arrivals.get(bidId);
  }

  close(): void {
    this.closing = true;
    for (const request of this.requests) request.destroy();
    this.requests.length = 0;
  }

  private openOne(cookie: string, index: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: this.url.hostname,
        port: this.url.port,
        path: '/api/events',
        headers: { cookie, accept: 'text/event-stream' },
        // One socket per subscriber, as one browser tab each.
        agent: false,
      });
      this.requests.push(request);
      request.setTimeout(30_000, () => request.destroy(new Error('no answer to GET /api/events in 30 s')));
      request.on('error', (error) => {
        if (!this.closing) reject(error);
      });
      request.on('response', (response) => {
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode !== 200 || !type.startsWith('text/event-stream')) {
          response.resume();
          request.destroy();
          reject(new Error(`GET /api/events answered ${response.statusCode} (${type || 'no content-type'})`));
          return;
        }
        // An open stream is idle between events; only the connection attempt had a time limit.
        request.setTimeout(0);
        this.connected++;
        resolve();
        this.read(response, index === 0);
      });
      request.end();
    });
  }

  private read(response: http.IncomingMessage, checked: boolean): void {
    response.setEncoding('utf8');
    const seen = new Set<string>();
    let buffer = '';
    response.on('data', (chunk: string) => {
      buffer += chunk.includes('\r') ? chunk.replace(/\r\n?/g, '\n') : chunk;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        this.handle(buffer.slice(0, end), seen, checked);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    });
    response.on('close', () => {
      if (!this.closing) this.dropped++;
    });
  }

  private handle(block: string, seen: Set<string>, checked: boolean): void {
    const at = performance.now();
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
      if (field === 'event') event = value;
      else if (field === 'data') data = data ? `${data}\n${value}` : value;
    }
    if (event === 'hello') this.helloes++;
    if (event !== 'round') return;
    const bidId = bidIdOf(data);
    if (checked) this.check(data, bidId);
    if (!bidId || seen.has(bidId)) return;
    seen.add(bidId);
    const arrival = this.arrivals.get(bidId);
    if (arrival) {
      arrival.count++;
      arrival.last = at;
    } else this.arrivals.set(bidId, { count: 1, first: at, last: at });
  }

  private check(data: string, shortcut: string | null): void {
    try {
      const parsed = JSON.parse(data) as { change?: string; bidId?: string; bids?: unknown };
      const expected = parsed.change === 'bid' ? (parsed.bidId ?? null) : null;
      if (expected !== shortcut) this.formatProblem = `bidId read as ${shortcut}, parsed as ${expected}`;
      if (parsed.change === 'bid') {
        if (parsed.bids) this.sampleHadBids = true;
        this.sampleEventBytes = data.length;
      }
    } catch (error) {
      this.formatProblem = `a round event's data is not JSON: ${(error as Error).message}`;
    }
  }
}

/** The bid id of a `round` event with change 'bid', read as text; null for other changes. */
function bidIdOf(data: string): string | null {
  if (!data.includes(BID_CHANGE)) return null;
  const at = data.indexOf(BID_ID);
  if (at === -1) return null;
  const start = at + BID_ID.length;
  const end = data.indexOf('"', start);
  return end === -1 ? null : data.slice(start, end);
}
