import { formatAmountInWords } from '../../shared/format/amount-in-words';
import { formatLongDate } from '../../shared/format/date';
import type { SignedHead } from '../../shared/record/signed-head';
import { renderMail } from './layout';
import type { Mail } from './mailer';
import {
  type ChainLink,
  chainLinkLines,
  finalHeadNotes,
  hello,
  kr,
  type MailRound,
  roundName,
} from './round-mails';

// The messages of the seller's counter-offer (motbud, decision 035): to its bidder when it is made, and to
// the owner when it is accepted, declined or lapses.

interface Person {
  email: string;
  firstName: string;
}

export interface CounterOfferFacts {
  amount: number;
  deadline: Date;
  conditions: string | null;
}

/** To the bidder it is addressed to: the words of the SMS, then what it says in full. */
export function counterOfferMail(to: Person, round: MailRound, offer: CounterOfferFacts, url: string): Mail {
  return renderMail(to.email, {
    subject: `Motbud fra selgeren på ${round.title}: ${kr(offer.amount)}`,
    greeting: hello(to),
    paragraphs: [
      `Selgeren har gitt deg et motbud på ${kr(offer.amount)} på ${roundName(round)}, som gjelder til ${formatLongDate(offer.deadline)}.`,
      `Beløp: ${kr(offer.amount)} (${formatAmountInWords(offer.amount)})`,
      `Forbehold: ${offer.conditions || 'Ingen'}`,
      'Aksepterer du motbudet før fristen, er handelen bindende for begge parter. Du kan også avslå det, eller la fristen gå ut.',
    ],
    action: { label: 'Se motbudet', url },
  });
}

export function counterOfferSms(round: MailRound, offer: CounterOfferFacts, url: string): string {
  return `Selgeren har gitt deg et motbud på ${kr(offer.amount)} på ${round.address}, som gjelder til ${formatLongDate(offer.deadline)}. ${url}`;
}

export type CounterOfferOutcome = 'accepted' | 'declined' | 'lapsed';

const OUTCOME: Record<
  CounterOfferOutcome,
  { subject: string; says: (who: string, amount: string) => string }
> = {
  accepted: {
    subject: 'Motbudet ditt er akseptert',
    says: (who, amount) =>
      `${who} har akseptert motbudet ditt på ${amount}. Handelen er bindende for begge parter, og budrunden er lukket.`,
  },
  declined: {
    subject: 'Motbudet ditt er avslått',
    says: (who, amount) => `${who} har avslått motbudet ditt på ${amount}. Budrunden er fortsatt åpen.`,
  },
  lapsed: {
    subject: 'Motbudet ditt har utløpt',
    says: (who, amount) =>
      `Fristen for motbudet ditt på ${amount} til ${who} gikk ut uten svar. Motbudet binder deg ikke lenger.`,
  },
};

/** To the owner: how their counter-offer was answered. `who` is the bidder's name, as the owner knows it. */
export function counterOfferOutcomeMail(
  to: Person,
  round: MailRound,
  outcome: CounterOfferOutcome,
  offer: { amount: number; who: string },
  url: string,
  anchor: SignedHead | null = null,
): Mail {
  const text = OUTCOME[outcome];
  return renderMail(to.email, {
    subject: `${text.subject}: ${round.title}`,
    greeting: hello(to),
    paragraphs: [text.says(offer.who, kr(offer.amount)), `Eiendom: ${roundName(round)}`],
    action: { label: 'Se budrunden', url },
    notes: finalHeadNotes(anchor, url),
  });
}

export function counterOfferOutcomeSms(
  round: MailRound,
  outcome: CounterOfferOutcome,
  offer: { amount: number; who: string },
  url: string,
): string {
  return `${OUTCOME[outcome].says(offer.who, kr(offer.amount))} ${round.address}. ${url}`;
}

/** To the bidder who accepted: their written receipt of the binding acceptance. */
export function counterOfferAcceptedBidderMail(
  to: Person,
  round: MailRound,
  offer: { amount: number; acceptedAt: Date; link: ChainLink | SignedHead | null },
  url: string,
  anchor: SignedHead | null = null,
): Mail {
  return renderMail(to.email, {
    subject: `Du har akseptert motbudet på ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Du har akseptert selgerens motbud på ${kr(offer.amount)} (${formatAmountInWords(offer.amount)}) for ${roundName(round)}.`,
      `Akseptert: ${formatLongDate(offer.acceptedAt)} (norsk tid, serverens klokke)`,
      'Aksepten er bindende for begge parter. Selgeren eller megleren tar kontakt om den videre prosessen.',
      ...chainLinkLines(offer.link),
    ],
    action: { label: 'Se budjournalen', url },
    notes: finalHeadNotes(anchor, url),
  });
}

/** To the bidder whose open counter-offer the seller withdrew. */
export function counterOfferWithdrawnMail(
  to: Person,
  round: MailRound,
  offer: { amount: number },
  url: string,
): Mail {
  return renderMail(to.email, {
    subject: `Selgeren har trukket motbudet på ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Selgeren har trukket motbudet på ${kr(offer.amount)} på ${roundName(round)}. Det kan ikke lenger aksepteres.`,
      'Budet ditt står som før, til akseptfristen går ut eller selgeren svarer på det.',
    ],
    action: { label: 'Se budrunden', url },
  });
}
