import { ROUND_EDIT_TEXT, type RoundEditKind } from '../../shared/rules/round-edits';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, type MailRound, roundName } from './round-mails';

/** To a follower when the description, the salgsoppgave or the viewings of a round changed (issue 25). */
export function roundChangedMail(
  to: { email: string; firstName: string },
  round: MailRound,
  kinds: RoundEditKind[],
  url: string,
): Mail {
  return renderMail(to.email, {
    subject: `Endring i budrunden: ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      // Neutral on who: an administrator may have made the change for the seller (issue 25, item 11).
      `Budrunden for ${roundName(round)} er endret:`,
      ...kinds.map((kind) => `${ROUND_EDIT_TEXT[kind]}.`),
      'Les gjennom budrunden på nytt før du legger inn bud.',
    ],
    action: { label: 'Se budrunden', url },
  });
}
