import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export const OUTBOX_IN_PRODUCTION_WARNING =
  'E-MAIL IS NOT BEING DELIVERED (MAIL_TRANSPORT=outbox): every mail, with its verification and password ' +
  'reset links, is kept in the mail_outbox table of the database, where anyone who can read the database ' +
  'can use those links. Set SMTP_URL (and remove MAIL_TRANSPORT) to deliver mail.';

/** SMTP when SMTP_URL is set, else the database outbox (see env.ts for when that is allowed). */
export function createMailer(env: Env, db: Db, log: FastifyBaseLogger): Mailer {
  if (env.mailTransport === 'smtp' && env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  announceOutbox(env, log);
  return new OutboxMailer(db, log);
}

/**
 * In production the outbox is an operator's deliberate choice (env.ts refuses it as a fallback), but users
 * still get no mail, so it is said at start-up, at warn, where monitoring sees it. In development one line
 * tells where the mail went instead.
 */
function announceOutbox(env: Env, log: FastifyBaseLogger): void {
  if (env.NODE_ENV === 'production') {
    log.warn({ mailTransport: 'outbox' }, OUTBOX_IN_PRODUCTION_WARNING);
    return;
  }
  log.info('e-mail goes to the development outbox, not to anyone: read it with `npm run outbox`');
}
