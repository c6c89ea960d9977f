import nodemailer, { type Transporter } from 'nodemailer';
import { MAX_CONCURRENT_MAIL } from '../jobs/lanes';
import type { Mail, Mailer } from './mailer';

export interface SmtpTimeouts {
  /** TCP (and TLS) connect, DNS included. nodemailer's default is 2 minutes. */
  connectionTimeoutMs: number;
  /** From connect to the server's 220 greeting. nodemailer's default is 30 s. */
  greetingTimeoutMs: number;
  /** Silence on an open connection, e.g. after DATA. nodemailer's default is 10 minutes. */
  socketTimeoutMs: number;
}

/**
 * A healthy server connects and greets in well under a second; a few seconds tell a dead one apart without
 * failing a slow one. A job that hits them is retried by the queue, so failing early loses nothing.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeoutMs: 5_000,
  greetingTimeoutMs: 5_000,
  socketTimeoutMs: 20_000,
};

/** Real delivery over SMTP (SMTP_URL), through a pool of connections that are reused between mails. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    timeouts: Partial<SmtpTimeouts> = {},
  ) {
    const t = { ...SMTP_TIMEOUTS, ...timeouts };
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      // As many connections as the worker sends at once, so no send waits in the pool behind another
      // lane's mail (bid notifications in front of a reset link).
      maxConnections: MAX_CONCURRENT_MAIL,
      // A connection the server drops is tried once more on a fresh one; after that the job's own retry
      // with backoff takes over, rather than nodemailer retrying within one job.
      maxRequeues: 1,
      connectionTimeout: t.connectionTimeoutMs,
      dnsTimeout: t.connectionTimeoutMs,
      greetingTimeout: t.greetingTimeoutMs,
      socketTimeout: t.socketTimeoutMs,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  /** Closes the pooled connections (at shutdown, and in tests). */
  close(): void {
    this.transport.close();
  }
}
