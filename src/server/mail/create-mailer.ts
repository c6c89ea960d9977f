import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, else the database outbox (see env.ts for when that is allowed). */
export function createMailer(env: Env, db: Db, log: FastifyBaseLogger): Mailer {
  if (env.mailTransport === 'smtp' && env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return new OutboxMailer(db, log);
}
