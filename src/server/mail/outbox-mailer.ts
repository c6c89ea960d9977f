import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { maskEmail, redactUrl } from '../http/logging';
import type { Mail, Mailer } from './mailer';

/**
 * Without SMTP, mail is stored in `mail_outbox` instead of sent, so every flow works on a fresh machine.
 * Verification and reset links in it log people in, and logs are kept, shipped and shared far more widely
 * than the database, so the log gets only a masked recipient and the subject. The mail itself, links and
 * all, is read with `npm run outbox` (docs/decisions/011-no-secrets-in-logs-and-the-outbox.md).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    try {
      await this.db.insert(mailOutbox).values({ ...mail, attachments: mail.attachments ?? null });
    } catch (error) {
      throw withoutParameters(error);
    }
    this.log.info(
      { to: maskEmail(mail.to), subject: mail.subject },
      'mail kept in the outbox, not sent: read it with `npm run outbox`',
    );
  }
}

/**
 * Drizzle's error message repeats the query's parameters, here the mail's text with its link. The job worker
 * logs a failed job's message and keeps it in `jobs.last_error`, so only the driver's own message goes on.
 */
function withoutParameters(error: unknown): Error {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(`could not store the mail in the outbox: ${redactUrl(reason)}`);
}
