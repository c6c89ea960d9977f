import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mail, Mailer } from './mailer';

/** Development: mail is stored in `mail_outbox` and its links are logged, so flows work without SMTP. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    this.log.info({ to: mail.to, subject: mail.subject, links }, 'mail stored in the development outbox');
  }
}
