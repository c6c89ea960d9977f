import { escapeHtml } from '../html-escape';
import type { Mail, MailAttachment } from './mailer';

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Extra lines under the action, e.g. how long a link lasts. */
  notes?: string[];
  attachments?: MailAttachment[];
}

/** One look for every mail: the same content as plain text and as simple, escaped HTML. */
export function renderMail(to: string, content: MailContent): Mail {
  const { subject, greeting, paragraphs, action, notes = [], attachments } = content;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...notes.flatMap((n) => [n, '']),
    'Hilsen Budrunde',
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1971c2;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#495057">Virker ikke knappen? Lim inn denne lenken i nettleseren:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="nb"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:800;color:#1971c2;margin:0 0 16px">Budrunde</p>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${notes.map((n) => `<p style="font-size:13px;color:#495057">${escapeHtml(n)}</p>`).join('\n')}
<p>Hilsen Budrunde</p>
</body></html>`;
  return { to, subject, text, html, ...(attachments ? { attachments } : {}) };
}
