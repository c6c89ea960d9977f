import type { SmsReceipt, SmsSender } from './sms-sender';

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
 * directly or through a small relay; see docs/decisions/006-sms-provider.md. An answer `{ id }` or
 * `{ messageId }` names the message in the delivery reports the gateway sends back (decision 066).
 */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(to: string, text: string): Promise<SmsReceipt> {
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
    return { messageId: messageIdOf(await response.text().catch(() => '')) };
  }
}

/**
 * The gateway's id for the message, from its answer `{ id }` or `{ messageId }` (a string or a number), for
 * the delivery reports that name it; null when it gave none, or no JSON.
 */
export function messageIdOf(body: string): string | null {
  try {
    const answer = JSON.parse(body) as { id?: unknown; messageId?: unknown } | null;
    const id = answer?.messageId ?? answer?.id;
    if (typeof id === 'number' && Number.isFinite(id)) return String(id);
    return typeof id === 'string' && id.trim() && id.length <= 200 ? id.trim() : null;
  } catch {
    return null;
  }
}
