import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, type MailRound, roundName } from './round-mails';

// The messages of a bidder group (decision 065): the invitation, and what the members hear of each other.

interface Person {
  email: string;
  firstName: string;
}

/**
 * To an invited address. One without an account is told to register with this very address first: the
 * invitation waits for them on the round's page.
 */
export function coBidderInvitationMail(
  email: string,
  inviter: string,
  round: MailRound,
  links: { round: string; register: string | null },
): Mail {
  return renderMail(email, {
    subject: `${inviter} vil by sammen med deg på ${round.title}`,
    greeting: 'Hei!',
    paragraphs: [
      `${inviter} har invitert deg til å by sammen i budrunden for ${roundName(round)}.`,
      'Godtar du, gir dere hverandre gjensidig fullmakt: et bud fra én av dere binder dere begge. Du godtar ' +
        'med en signert erklæring på budrundens side, og kan senere trekke fullmakten for nye bud.',
      ...(links.register
        ? [
            `Du har ikke konto hos Budrunde ennå. Registrer deg med denne e-postadressen (${email}) først; ` +
              'invitasjonen venter på deg på budrundens side.',
          ]
        : []),
      'Invitasjonen går ut når budrunden slutter.',
    ],
    action: links.register
      ? { label: 'Registrer deg', url: links.register }
      : { label: 'Se invitasjonen', url: links.round },
  });
}

export type GroupChange = 'accepted' | 'declined' | 'left';

const CHANGE: Record<GroupChange, (who: string, round: MailRound) => { subject: string; says: string }> = {
  accepted: (who, round) => ({
    subject: `${who} byr nå sammen med deg på ${round.title}`,
    says: `${who} har godtatt invitasjonen og gitt dere gjensidig fullmakt i budrunden for ${roundName(round)}. Bud som en av dere gir herfra, binder dere alle.`,
  }),
  declined: (who, round) => ({
    subject: `${who} takket nei til å by sammen med deg`,
    says: `${who} har takket nei til invitasjonen om å by sammen i budrunden for ${roundName(round)}.`,
  }),
  left: (who, round) => ({
    subject: `${who} byr ikke lenger sammen med deg på ${round.title}`,
    says: `${who} har trukket fullmakten i budrunden for ${roundName(round)}. Nye bud binder ikke ${who}, men bud som ble gitt mens ${who} var med, står ved lag for alle som var med da.`,
  }),
};

/** To the group's other members, and the one who invited, when someone joins, declines or leaves. */
export function coBidderChangeMail(
  to: Person,
  change: GroupChange,
  who: string,
  round: MailRound,
  url: string,
) {
  const { subject, says } = CHANGE[change](who, round);
  return renderMail(to.email, {
    subject,
    greeting: hello(to),
    paragraphs: [says],
    action: { label: 'Se budrunden', url },
  });
}
