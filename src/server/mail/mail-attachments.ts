import type { AppDeps } from '../deps';
import type { MailAttachment } from './mailer';

// Attachments made when a queued mail goes out, not when it is queued (decision 066): a round's journal PDF
// and acceptance letter are written after the close's transaction commits, and making them inside it would
// hold the round's lock. The journals feature registers the makers from app.ts; mail/ never imports a feature.

/** What to attach, by kind: 'journal-pdf' (one reader's copy) or 'acceptance-letter'. */
export interface AttachmentRequest {
  kind: 'journal-pdf' | 'acceptance-letter';
  roundId: string;
  /** Whose journal, for 'journal-pdf'. */
  userId?: string;
}

export type AttachmentMaker = (deps: AppDeps, request: AttachmentRequest) => Promise<MailAttachment | null>;

const makers = new Map<AttachmentRequest['kind'], AttachmentMaker>();

export function registerAttachmentMaker(kind: AttachmentRequest['kind'], maker: AttachmentMaker): void {
  makers.set(kind, maker);
}

/** Each request's attachment, in order; one that cannot be made now (no such journal) is left out. */
export async function makeAttachments(
  deps: AppDeps,
  requests: AttachmentRequest[],
): Promise<MailAttachment[]> {
  const made: MailAttachment[] = [];
  for (const request of requests) {
    const maker = makers.get(request.kind);
    if (!maker) throw new Error(`no maker registered for the mail attachment '${request.kind}'`);
    const attachment = await maker(deps, request);
    if (attachment) made.push(attachment);
  }
  return made;
}
