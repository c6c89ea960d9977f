import type { FastifyBaseLogger } from 'fastify';
import { maskPhone, maskText } from '../http/logging';

/**
 * What the provider said when it took the message: its id for the message where it sends delivery reports
 * for it (POST /api/sms/delivery-reports, decision 066), else null.
 */
export interface SmsReceipt {
  messageId: string | null;
}

/** Sends one text message. Throws when it could not be handed over, so that the job is retried. */
export interface SmsSender {
  send(to: string, text: string): Promise<SmsReceipt>;
}

/**
 * The default: messages are only logged, so notifications can be followed without an SMS account. Logs are
 * kept and shipped, so the number is masked and any secret link parameter or e-mail address in the text too
 * (docs/decisions/011-no-secrets-in-logs-and-the-outbox.md).
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<SmsReceipt> {
    this.log.info({ to: maskPhone(to), text: maskText(text) }, 'SMS not sent (SMS_PROVIDER=log)');
    return { messageId: null };
  }
}
