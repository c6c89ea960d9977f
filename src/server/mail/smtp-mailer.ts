import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** Real delivery over SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
