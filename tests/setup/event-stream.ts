import http from 'node:http';

export interface StreamEvent {
  name: string;
  data: unknown;
  /** The frame as it came over the wire, for searching it for what must not be there. */
  raw: string;
}

export interface EventStream {
  status: number;
  contentType: string;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** Heartbeat comment lines received so far. */
  pings: number;
  /** Resolves with the first event (already received or still to come) that matches, or fails after `timeoutMs`. */
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever event it waits for; the contract types are checked where it matters.
  next(name: string, match?: (data: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/events the way a browser's EventSource would, and parses what arrives. */
export function openEventStream(
  baseUrl: string,
  cookie?: string,
  /** More request headers, e.g. the X-Forwarded-For a proxy would add. */
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers } },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        const waiters = new Set<() => void>();
        let endResolve: () => void = () => {};
        const stream: EventStream = {
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          events: [],
          pings: 0,
          ended: new Promise((r) => {
            endResolve = r;
          }),
          next: (name, match = () => true, timeoutMs = 3000) =>
            new Promise((found, fail) => {
              const check = () => {
                const hit = stream.events.find((e) => e.name === name && match(e.data));
                if (!hit) return false;
                waiters.delete(check as () => void);
                clearTimeout(timer);
                found(hit.data);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(check as () => void);
                fail(new Error(`no '${name}' event within ${timeoutMs} ms`));
              }, timeoutMs);
              if (!check()) waiters.add(check as () => void);
            }),
          close: () => request.destroy(),
        };
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const raw = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (raw.includes('event: ping')) stream.pings++;
            const name = raw.match(/^event: (.*)$/m)?.[1];
            const data = raw.match(/^data: (.*)$/m)?.[1];
            if (name && data !== undefined) stream.events.push({ name, data: JSON.parse(data), raw });
          }
          for (const waiter of [...waiters]) waiter();
        });
        response.on('end', () => endResolve());
        response.on('close', () => endResolve());
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}
