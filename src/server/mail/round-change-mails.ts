import { type ChangeSentence, roundChangeText } from '../../shared/format/round-change';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, type MailRound, roundName } from './round-mails';

/**
 * 'Endring i budrunden: {title}', under the round's new title (decision 046): to a follower when the
 * description, the salgsoppgave or the viewings changed, and to each bidder whose bid is live when the
 * listing changed under it, each change from its old to its new value (decision 054).
 */
export function roundChangedMail(
  to: { email: string; firstName: string },
  round: MailRound,
  changes: ChangeSentence[],
  url: string,
  { liveBid = false }: { liveBid?: boolean } = {},
): Mail {
  return renderMail(to.email, {
    subject: `Endring i budrunden: ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      // Neutral on who: an administrator may have made the change for the seller (decision 046).
      liveBid
        ? `Budrunden for ${roundName(round)} er endret mens budet ditt står:`
        : `Budrunden for ${roundName(round)} er endret:`,
      // Mail clients show plain spaces in amounts better than no-break ones.
      ...changes.map((change) => `${roundChangeText(change).replace(/\u00a0/g, ' ')}.`),
      'Les gjennom budrunden på nytt før du legger inn bud.',
    ],
    action: { label: 'Se budrunden', url },
  });
}
