export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * `<…@host>`, set by the mail jobs from the job's identity: a copy sent again after a crash carries the
   * same id, so mail clients and servers can tell it is the same message. Left out, the transport makes one.
   */
  messageId?: string;
  /** Files with the mail, as text (a calendar file): stored with a queued mail, so they must be small. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for binary content (a PDF); absent, the content is the text itself. */
  encoding?: 'base64';
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
