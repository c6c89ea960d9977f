import { formatDayMonthTime } from '../../shared/format/date';
import { formatViewingWhen } from '../../shared/format/viewing-time';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, type MailRound, roundName } from './round-mails';

/**
 * To a person who signs up for a viewing: when and where, with the viewing as a calendar file, so the
 * sign-up is confirmed in writing and lands in their calendar (the same file as 'Legg i kalender').
 */
export function viewingSignupMail(
  to: { email: string; firstName: string },
  round: MailRound,
  viewing: { startsAt: Date; endsAt: Date },
  now: Date,
  links: { round: string },
  calendar: { filename: string; ics: string },
): Mail {
  return renderMail(to.email, {
    subject: `Du er påmeldt visningen: ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Du er påmeldt visningen av ${roundName(round)} ${formatViewingWhen(viewing.startsAt, viewing.endsAt, now)}.`,
      'Visningen er lagt ved som en kalenderfil. Kan du ikke komme, melder du deg av i budrunden.',
    ],
    action: { label: 'Gå til budrunden', url: links.round },
    attachments: [
      { filename: calendar.filename, contentType: 'text/calendar; charset=utf-8', content: calendar.ics },
    ],
  });
}

/**
 * To everyone on a viewing's list once it has ended (decision 045), as Propr does: the salgsoppgave and the
 * way to the bid round. The salgsoppgave is downloaded from the round's page (signed in), so the mail points
 * there rather than at the download route, which answers a logged-out reader with JSON. Without a
 * salgsoppgave yet, the mail says so.
 */
export function viewingFollowUpMail(
  to: { email: string; firstName: string },
  round: MailRound,
  viewing: { startsAt: Date },
  links: { round: string; hasProspectus: boolean },
): Mail {
  return renderMail(to.email, {
    subject: `Takk for visningen: ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Takk for at du meldte deg på visningen av ${roundName(round)} ${formatDayMonthTime(viewing.startsAt)}.`,
      links.hasProspectus
        ? `Salgsoppgaven finner du på budrunden, under «Last ned salgsoppgave»: ${links.round}`
        : 'Selgeren har ikke lagt ut salgsoppgave ennå. Du finner den i budrunden når den kommer.',
      'Vil du by, gjør du det i budrunden. Husk at et bud er bindende.',
    ],
    action: { label: 'Gå til budrunden', url: links.round },
  });
}
