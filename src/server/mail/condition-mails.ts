import { formatLongDate } from '../../shared/format/date';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, kr, type MailRound, roundName } from './round-mails';

// To the seller, when a condition of a bid changes (decision 066): waived by the bidder, or run out.

interface Person {
  email: string;
  firstName: string;
}

export interface ConditionChange {
  what: 'waived' | 'lapsed';
  /** 'forbeholdet om finansiering' */
  conditionName: string;
  bidderLabel: string;
  amount: number;
  at: Date;
}

const sentence = (c: ConditionChange) =>
  c.what === 'waived'
    ? `${c.bidderLabel} har frafalt ${c.conditionName} i budet på ${kr(c.amount)} (${formatLongDate(c.at)}).`
    : `${c.conditionName[0]?.toUpperCase()}${c.conditionName.slice(1)} i budet på ${kr(c.amount)} fra ${c.bidderLabel} gikk ut ${formatLongDate(c.at)} uten å være frafalt.`;

export function conditionChangedMail(
  to: Person,
  round: MailRound,
  change: ConditionChange,
  url: string,
): Mail {
  return renderMail(to.email, {
    subject:
      change.what === 'waived'
        ? `Et forbehold er frafalt: ${round.title}`
        : `Et forbehold har gått ut: ${round.title}`,
    greeting: hello(to),
    paragraphs: [`${sentence(change)}`, `Gjelder ${roundName(round)}. Det er ført i budjournalen.`],
    action: { label: 'Se budrunden', url },
  });
}

export function conditionChangedSms(round: MailRound, change: ConditionChange, url: string): string {
  return `Budrunde, ${round.address}: ${sentence(change)} ${url}`;
}
