import { formatAmountInWords } from '../../shared/format/amount-in-words';
import { formatLongDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { PAGE_PATHS } from '../../shared/pages';
import type { SignedHead } from '../../shared/record/signed-head';
import { bidPlanSentences, type PlanFinancing } from '../../shared/signing/statement-words';
import { renderMail } from './layout';
import type { Mail } from './mailer';

export interface MailRound {
  id: string;
  title: string;
  address: string;
}

interface Person {
  email: string;
  firstName: string;
}

export const hello = (p: Person) => `Hei ${p.firstName}!`;
export const roundName = (r: MailRound) => `${r.title}, ${r.address}`;
// Mail clients and SMS show plain spaces better than the no-break spaces of on-screen amounts.
export const kr = (amount: number) => formatMoney(amount).replace(/\u00a0/g, ' ');

export interface ChainLink {
  seq: number;
  hash: string;
}

/**
 * A receipt's line naming the act's link in the round's chain (decision 040), or nothing without one; a
 * signed link (decision 057) adds the server's signature, which `npm run verify-journal --key` checks.
 */
export function chainLinkLines(link: ChainLink | SignedHead | null): string[] {
  if (!link) return [];
  const line = `Budjournalens kjede: handling nr. ${link.seq}, hash ${link.hash}`;
  if (!('signature' in link)) return [line];
  return [line, `Signert av Budrunde ${link.at} med nøkkel ${link.kid}: ${link.signature}`];
}

/**
 * The page that checks a downloaded chain in the browser (decision 062), on the server a mail's link points
 * to: every round mail's link is `${APP_URL}/budrunder/…` (bid-notices.ts roundUrl).
 */
export const checkPageUrl = (url: string): string => new URL(PAGE_PATHS.checkJournal, url).href;

/**
 * The round's last link, signed, in every mail at its end (decision 057): an anchor each participant holds
 * themselves, against which the page /kontroller-budjournal and `npm run verify-journal` show any later
 * rewrite of the chain (decision 062).
 */
export function finalHeadNotes(anchor: SignedHead | null, url: string): string[] {
  if (!anchor) return [];
  return [
    `Budrundens kjede sluttet ved handling nr. ${anchor.seq}. Ta vare på linjene under: de viser hvordan ` +
      'budjournalens kjede så ut da budrunden sluttet, signert av Budrunde.',
    ...chainLinkLines(anchor),
    `Kontroller budjournalen selv på ${checkPageUrl(url)}: velg kjeden du laster ned fra budjournalen, og ` +
      'lim inn linjen «Budjournalens kjede: …» over som kvittering.',
    `Eller med kommandolinjen: npm run verify-journal -- <eksport> --receipt ${anchor.seq}:${anchor.hash}`,
  ];
}

export interface BidReceipt {
  bidId: string;
  amount: number;
  conditions: string | null;
  bidDeadline: Date;
  receivedAt: Date;
  /** The plan and the wished takeover day ('YYYY-MM-DD'), when the bid gave them. */
  financing: PlanFinancing | null;
  takeoverDate: string | null;
  hasFinancingProof: boolean;
  /** The bid's link in the round's chain (decision 040), signed (decision 057): the bidder can find it in any export. */
  link: ChainLink | SignedHead | null;
}

/** The written receipt of a bid (PRODUCT.md "Bids"): everything the bidder committed to, with the server's time. */
export function bidReceiptMail(to: Person, round: MailRound, bid: BidReceipt, url: string): Mail {
  return renderMail(to.email, {
    subject: `Kvittering for bud på ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Vi har mottatt budet ditt på ${roundName(round)}. Budet er bindende og kan ikke trekkes tilbake.`,
      `Beløp: ${kr(bid.amount)} (${formatAmountInWords(bid.amount)})`,
      `Akseptfrist: ${formatLongDate(bid.bidDeadline)}`,
      `Forbehold: ${bid.conditions || 'Ingen'}`,
      // The same sentences as the statement the bidder signed (decision 059); none when the bid gave neither.
      ...[bidPlanSentences(bid.financing, bid.takeoverDate)].filter(Boolean),
      `Finansieringsbevis: ${bid.hasFinancingProof ? 'vedlagt' : 'ikke vedlagt'}`,
      `Mottatt: ${formatLongDate(bid.receivedAt)} (norsk tid, serverens klokke)`,
      `Bud-ID: ${bid.bidId}`,
      ...chainLinkLines(bid.link),
    ],
    action: { label: 'Se budrunden', url },
    notes: [
      'Ta vare på denne e-posten som skriftlig kvittering for budet ditt.',
      ...(bid.link
        ? [
            'Med handlingsnummeret og hashen kan du selv kontrollere at budet står uendret i budjournalen: ' +
              `på ${checkPageUrl(url)}, eller med npm run verify-journal.`,
          ]
        : []),
    ],
  });
}

/** To a bidder whose acceptance deadline passed while the round was still open. */
export function bidLapsedMail(
  to: Person,
  round: MailRound,
  bid: { amount: number; bidDeadline: Date; roundDeadline: Date },
  url: string,
): Mail {
  return renderMail(to.email, {
    subject: `Budet ditt på ${round.title} har utløpt`,
    greeting: hello(to),
    paragraphs: [
      `Akseptfristen for budet ditt på ${kr(bid.amount)} på ${roundName(round)} gikk ut ${formatLongDate(bid.bidDeadline)}. Budet binder deg ikke lenger, og selgeren kan ikke akseptere det.`,
      `Budrunden er fortsatt åpen til ${formatLongDate(bid.roundDeadline)}. Vil du fortsatt kjøpe, kan du legge inn et nytt bud.`,
    ],
    action: { label: 'Se budrunden', url },
  });
}

/** The seller's written rejection (avslag), to its bidder: the words of the SMS, then the seller's message. */
export function bidRejectedMail(
  to: Person,
  round: MailRound,
  rejection: { amount: number; message: string | null },
  url: string,
): Mail {
  return renderMail(to.email, {
    subject: `Budet ditt på ${round.title} er avslått`,
    greeting: hello(to),
    paragraphs: [
      `Budet ditt på ${kr(rejection.amount)} på ${roundName(round)} er avslått av selgeren. Budet binder deg ikke lenger.`,
      ...(rejection.message ? [`Melding fra selgeren: ${rejection.message}`] : []),
      'Så lenge budrunden er åpen, kan du legge inn et nytt bud.',
    ],
    action: { label: 'Se budrunden', url },
  });
}

/** The SMS carries the start of a long message only (each 153 characters is one more SMS); the mail has it all. */
const SMS_MESSAGE_CHARS = 160;

export function bidRejectedSms(
  round: MailRound,
  rejection: { amount: number; message: string | null },
  url: string,
) {
  const text = rejection.message ?? '';
  const short = text.length > SMS_MESSAGE_CHARS ? `${text.slice(0, SMS_MESSAGE_CHARS - 1)}…` : text;
  const message = short ? ` Melding fra selgeren: ${short}` : '';
  return `Budet ditt på ${kr(rejection.amount)} på ${round.address} er avslått av selgeren.${message} ${url}`;
}

/** To the owner and followers: names the property and the amount, never the bidder. */
export function newBidMail(to: Person, round: MailRound, amount: number, url: string): Mail {
  return renderMail(to.email, {
    subject: `Nytt bud på ${round.title}: ${kr(amount)}`,
    greeting: hello(to),
    paragraphs: [`Det er kommet inn et nytt bud på ${roundName(round)}.`, `Høyeste bud er nå ${kr(amount)}.`],
    action: { label: 'Se budrunden', url },
    notes: ['Du får dette varselet fordi du følger budrunden eller eier eiendommen.'],
  });
}

export function newBidSms(round: MailRound, amount: number, url: string): string {
  return `Budrunde: Nytt bud på ${round.address}: ${kr(amount)}. ${url}`;
}

export function winnerMail(
  to: Person,
  round: MailRound,
  amount: number,
  url: string,
  anchor: SignedHead | null = null,
): Mail {
  return renderMail(to.email, {
    subject: `Budet ditt på ${round.title} er akseptert`,
    greeting: hello(to),
    paragraphs: [
      `Selgeren har akseptert budet ditt på ${kr(amount)} for ${roundName(round)}.`,
      'Aksepten er bindende for begge parter. Selgeren eller megleren tar kontakt om den videre prosessen.',
    ],
    action: { label: 'Se budjournalen', url },
    notes: finalHeadNotes(anchor, url),
  });
}

export function roundDecidedMail(
  to: Person,
  round: MailRound,
  url: string,
  anchor: SignedHead | null = null,
): Mail {
  return renderMail(to.email, {
    subject: `Budrunden for ${round.title} er avgjort`,
    greeting: hello(to),
    paragraphs: [
      `Selgeren har akseptert et annet bud på ${roundName(round)}. Budet ditt er ikke lenger bindende.`,
      'Budjournalen er klar. Der ser du alle bud i budrunden, med de andre budgiverne anonymisert.',
    ],
    action: { label: 'Se budjournalen', url },
    notes: finalHeadNotes(anchor, url),
  });
}

export function winnerChosenOwnerMail(
  to: Person,
  round: MailRound,
  amount: number,
  url: string,
  link: ChainLink | SignedHead | null = null,
  anchor: SignedHead | null = null,
): Mail {
  return renderMail(to.email, {
    subject: `Du har akseptert et bud på ${round.title}`,
    greeting: hello(to),
    paragraphs: [
      `Du har akseptert budet på ${kr(amount)} for ${roundName(round)}. Budrunden er lukket.`,
      'Alle budgivere er varslet, og budjournalen er klar.',
      ...chainLinkLines(link),
    ],
    action: { label: 'Se budjournalen', url },
    notes: finalHeadNotes(anchor, url),
  });
}

const HOW_CLOSED: Record<string, string> = {
  deadline: 'Budfristen for budrunden har gått ut, og budrunden er lukket.',
  closed: 'Budrunden er lukket av selgeren eller en administrator.',
  winner: 'Et bud er akseptert, og budrunden er lukket.',
  'owner-deleted': 'Selgeren har slettet kontoen sin, og budrunden er lukket.',
  'counter-offer': 'En budgiver har akseptert selgerens motbud, og budrunden er lukket.',
};

export function journalReadyMail(
  to: Person,
  round: MailRound,
  reason: string,
  url: string,
  anchor: SignedHead | null = null,
): Mail {
  return renderMail(to.email, {
    subject: `Budjournalen for ${round.title} er klar`,
    greeting: hello(to),
    paragraphs: [
      HOW_CLOSED[reason] ?? 'Budrunden er lukket.',
      `Budjournalen for ${roundName(round)} er klar. Du finner den under «Budjournaler» når du logger inn.`,
    ],
    action: { label: 'Se budjournalen', url },
    notes: finalHeadNotes(anchor, url),
  });
}

/** To the owner and every bidder when an administrator deletes a round. */
export function roundDeletedMail(to: Person, round: MailRound): Mail {
  return renderMail(to.email, {
    subject: `Budrunden for ${round.title} er slettet`,
    greeting: hello(to),
    paragraphs: [
      `En administrator hos Budrunde har slettet budrunden for ${roundName(round)}.`,
      'Budrunden og budene i den er fjernet fra Budrunde. Budjournalen din er tatt vare på: du finner den ' +
        'under «Budjournaler», merket med at budrunden er slettet. Kontakt oss hvis du har spørsmål.',
    ],
  });
}
