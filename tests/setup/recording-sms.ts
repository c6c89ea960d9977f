import type { SmsSender } from '../../src/server/sms/sms-sender';

/** An SMS provider for tests: remembers every message instead of sending it. */
export class RecordingSms implements SmsSender {
  readonly sent: { to: string; text: string }[] = [];

  async send(to: string, text: string): Promise<void> {
    this.sent.push({ to, text });
  }

  /** Messages to one number, oldest first. */
  to(phone: string): string[] {
    return this.sent.filter((m) => m.to === phone).map((m) => m.text);
  }
}
