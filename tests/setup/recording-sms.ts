import type { SmsReceipt, SmsSender } from '../../src/server/sms/sms-sender';

/**
 * An SMS provider for tests: remembers every message instead of sending it. With `reportsDelivery` it
 * answers each with an id ('test-sms-1', …), as a gateway that sends delivery reports does.
 */
export class RecordingSms implements SmsSender {
  readonly sent: { to: string; text: string; messageId: string | null }[] = [];
  reportsDelivery = false;

  async send(to: string, text: string): Promise<SmsReceipt> {
    const messageId = this.reportsDelivery ? `test-sms-${this.sent.length + 1}` : null;
    this.sent.push({ to, text, messageId });
    return { messageId };
  }

  /** Messages to one number, oldest first. */
  to(phone: string): string[] {
    return this.sent.filter((m) => m.to === phone).map((m) => m.text);
  }
}
