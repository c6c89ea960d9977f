import { formatDayMonthTime } from '../../shared/format/date';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, type MailRound, roundName } from './round-mails';

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
