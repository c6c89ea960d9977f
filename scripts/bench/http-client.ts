import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the caller, field by field
  body: any;
  setCookie: string[];
  /** performance.now() when the whole answer had arrived. */
  at: number;
  /** From sending to the whole answer, ms. */
  took: number;
}

export interface RequestOptions {
  cookie?: string;
  body?: unknown;
  timeoutMs?: number;
}

/**
 * JSON over raw node:http with a keep-alive agent: cheaper per request than fetch, so the bench process
 * (on the same two cores as the server) takes as little CPU from the server as it can.
 */
export class Api {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly url: URL;

  constructor(readonly baseUrl: string) {
    this.url = new URL(baseUrl);
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    // Mutations must name our own origin (the server's CSRF check).
    if (method !== 'GET') headers.origin = this.url.origin;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers,
          agent: this.agent,
          timeout: options.timeoutMs ?? 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const at = performance.now();
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON (a proxy page, a crash): keep the text for the error message.
            }
            const cookies = response.headers['set-cookie'] ?? [];
            resolve({ status: response.statusCode ?? 0, body, setCookie: cookies, at, took: at - started });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Throws unless the answer has the expected status, with the server's message. */
  async expect(status: number, method: string, path: string, options: RequestOptions = {}) {
    const answer = await this.request(method, path, options);
    if (answer.status !== status) {
      const message = typeof answer.body === 'object' ? answer.body?.message : String(answer.body);
      throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} (${message})`);
    }
    return answer;
  }

  /** Logs in through the API and returns the session cookie as a Cookie header value. */
  async login(email: string, password: string): Promise<string> {
    const answer = await this.expect(200, 'POST', '/api/auth/login', { body: { email, password } });
    const session = answer.setCookie
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith('budrunde.sid=') || c.startsWith('__Host-budrunde.sid='));
    if (!session) throw new Error(`login of ${email} set no session cookie`);
    return session;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `work` over `items` with at most `limit` at a time; results keep the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
