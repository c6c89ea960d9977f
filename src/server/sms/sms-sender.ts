import type { FastifyBaseLogger } from 'fastify';

/** Sends one text message. Throws when it could not be handed over, so that the job is retried. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The default: messages are only logged, so notifications can be followed without an SMS account. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ to, text }, 'SMS not sent (SMS_PROVIDER=log)');
  }
}
