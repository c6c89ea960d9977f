import { formatLongDate } from '../../shared/format/date';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import { hello, kr, type MailRound, roundName } from './round-mails';

// The messages to the owner and followers that are not about one new bid: a window's folded bids, a drop of
// the highest bid, and the owner's lapse notices (decision 028). None of them names a bidder.

interface Person {
  email: string;
  firstName: string;
}

/** Why the highest live bid went down without a new bid. The words are the reason as the message gives it. */
export const HEADLINE_REASONS = {
  lapsed: 'Høyeste bud har utløpt',
  withdrawn: 'Budgiveren har trukket seg',
  rejected: 'Selgeren har avslått det høyeste budet',
} as const;
export type HeadlineReason = keyof typeof HEADLINE_REASONS;

const FOLLOW_NOTE = 'Du får dette varselet fordi du følger budrunden eller eier eiendommen.';
const NO_LIVE_BID = 'Det er ingen gyldige bud i budrunden nå.';

const highestLine = (highest: number | null) =>
  highest === null ? NO_LIVE_BID : `Høyeste bud er nå ${kr(highest)}.`;
const bidCount = (count: number) => (count === 1 ? '1 nytt bud' : `${count} nye bud`);
// The subject agrees in number with the body's count: 'Nytt bud' over '1 nytt bud' (decision 061).
const bidsHeading = (count: number) => (count === 1 ? 'Nytt bud' : 'Nye bud');

/** The end of a window: the bids that came since the last message, as one message with today's highest. */
export function foldedBidsMail(
  to: Person,
  round: MailRound,
  folded: { count: number; highest: number | null },
  url: string,
): Mail {
  return renderMail(to.email, {
    subject:
      folded.highest === null
        ? `${bidsHeading(folded.count)} på ${round.title}`
        : `${bidsHeading(folded.count)} på ${round.title}: ${kr(folded.highest)}`,
    greeting: hello(to),
    paragraphs: [
      `Det er kommet ${bidCount(folded.count)} på ${roundName(round)} siden forrige varsel.`,
      highestLine(folded.highest),
    ],
    action: { label: 'Se budrunden', url },
    notes: [FOLLOW_NOTE],
  });
}

export function foldedBidsSms(
  round: MailRound,
  folded: { count: number; highest: number | null },
  url: string,
) {
  return `Budrunde: ${bidCount(folded.count)} på ${round.address}. ${highestLine(folded.highest)} ${url}`;
}

/** The highest live bid went down without a new bid: the new figure, and why. */
export function headlineDropMail(
  to: Person,
  round: MailRound,
  change: { reason: HeadlineReason; highest: number | null },
  url: string,
): Mail {
  const reason = HEADLINE_REASONS[change.reason];
  return renderMail(to.email, {
    subject: `${reason}: ${round.title}`,
    greeting: hello(to),
    paragraphs: [`${reason} på ${roundName(round)}.`, highestLine(change.highest)],
    action: { label: 'Se budrunden', url },
    notes: [FOLLOW_NOTE],
  });
}

export function headlineDropSms(
  round: MailRound,
  change: { reason: HeadlineReason; highest: number | null },
  url: string,
) {
  return `Budrunde: ${HEADLINE_REASONS[change.reason]} på ${round.address}. ${highestLine(change.highest)} ${url}`;
}

export interface OwnerLapse {
  amount: number;
  bidDeadline: Date;
  /** It was the highest live bid until it lapsed. */
  wasHighest: boolean;
  /** The highest live bid now. */
  highest: number | null;
}

/** To the owner whenever a live bid lapses: it can no longer be accepted. */
export function ownerLapseMail(to: Person, round: MailRound, lapse: OwnerLapse, url: string): Mail {
  return renderMail(to.email, {
    subject: `Et bud på ${round.title} har utløpt`,
    greeting: hello(to),
    paragraphs: [
      `Akseptfristen for budet på ${kr(lapse.amount)} på ${roundName(round)} gikk ut ${formatLongDate(lapse.bidDeadline)}. Budet kan ikke lenger aksepteres.`,
      ...(lapse.wasHighest ? [`${HEADLINE_REASONS.lapsed}.`] : []),
      highestLine(lapse.highest),
    ],
    action: { label: 'Se budrunden', url },
  });
}

export function ownerLapseSms(round: MailRound, lapse: OwnerLapse, url: string) {
  const reason = lapse.wasHighest ? `${HEADLINE_REASONS.lapsed}. ` : '';
  return `Budrunde: Et bud på ${kr(lapse.amount)} på ${round.address} har utløpt. ${reason}${highestLine(lapse.highest)} ${url}`;
}

/** To the owner 30 minutes before the highest live bid lapses: after that it cannot be accepted. */
export function lapseWarningMail(
  to: Person,
  round: MailRound,
  bid: { amount: number; bidDeadline: Date },
  url: string,
): Mail {
  return renderMail(to.email, {
    subject: `Høyeste bud på ${round.title} utløper snart`,
    greeting: hello(to),
    paragraphs: [
      `Akseptfristen for høyeste bud på ${roundName(round)}, ${kr(bid.amount)}, går ut ${formatLongDate(bid.bidDeadline)}.`,
      'Vil du akseptere budet, må du gjøre det før fristen. Etter fristen kan budet ikke lenger aksepteres.',
    ],
    action: { label: 'Se budrunden', url },
  });
}

export function lapseWarningSms(round: MailRound, bid: { amount: number; bidDeadline: Date }, url: string) {
  return `Budrunde: Høyeste bud på ${round.address}, ${kr(bid.amount)}, utløper ${formatLongDate(bid.bidDeadline)}. ${url}`;
}
