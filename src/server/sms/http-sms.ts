import type { SmsSender } from './sms-sender';

export interface HttpSmsOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  /** Sender id shown on the phone: at most 11 characters, or a phone number. */
  from: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A generic JSON gateway: POST `{ from, to, message }` to SMS_HTTP_URL. Most SMS providers accept this
 * directly or through a small relay; see docs/decisions/006-sms-provider.md.
 */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(to: string, text: string): Promise<void> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify({ from: this.options.from, to, message: text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`SMS gateway did not answer within ${timeoutMs} ms`);
      }
      throw new Error(`SMS gateway unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) {
      // A short excerpt is enough to diagnose; the job's last_error keeps it.
      const body = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS gateway answered ${response.status}${body ? `: ${body}` : ''}`);
    }
    await response.body?.cancel();
  }
}
