import { formatAmountInWords } from '../format/amount-in-words';
import { formatLongDate } from '../format/date';
import { endSentence, plainKroner } from './statement-words';

// The words a party signs for the binding acts besides a bid (decision 041); the server
// fills them in from the round, the bid or counter-offer, and the signer. Plain spaces, as in bidStatement,
// so the text is the same wherever it is shown or stored.

/** What every act's statement names: the signer, the property, and the amount in figures and words. */
export interface ActFacts {
  signerName: string;
  propertyTitle: string;
  propertyAddress: string;
  amount: number;
}

/** '5 250 000 kr (fem millioner to hundre og femti tusen kroner)'. */
function amountText(amount: number): string {
  return `${plainKroner(amount)} (${formatAmountInWords(amount)})`;
}

const property = (f: ActFacts) => `${f.propertyTitle}, ${f.propertyAddress}`;

/** 'Velg som vinner': 'Jeg, Kari Selger, aksepterer budet på … fra Budgiver A for <title>, <address>.' */
export function winnerStatement(f: ActFacts & { bidderLabel: string }): string {
  return `Jeg, ${f.signerName}, aksepterer budet på ${amountText(f.amount)} fra ${f.bidderLabel} for ${property(f)}.`;
}

/**
 * 'Avslå': 'Jeg, …, avslår budet på … fra Budgiver A for …. Melding: «…».' (or 'Melding: ingen.'); a message
 * that ends its own sentence ('«Takk for budet.»') gets no second full stop (decision 059).
 */
export function rejectionStatement(f: ActFacts & { bidderLabel: string; message: string | null }): string {
  return (
    `Jeg, ${f.signerName}, avslår budet på ${amountText(f.amount)} fra ${f.bidderLabel} for ${property(f)}. ` +
    endSentence(`Melding: ${f.message ? `«${f.message}»` : 'ingen'}`)
  );
}

/** 'Forbehold: ingen.', or the conditions ended by one full stop, never two (decision 059). */
const conditionsSentence = (conditions: string | null) => endSentence(`Forbehold: ${conditions || 'ingen'}`);

/** 'Gi motbud': 'Jeg, …, gir Budgiver A et motbud på … for …. Fristen er …. Forbehold: ingen.' */
export function counterOfferStatement(
  f: ActFacts & { bidderLabel: string; deadline: Date; conditions: string | null },
): string {
  return (
    `Jeg, ${f.signerName}, gir ${f.bidderLabel} et motbud på ${amountText(f.amount)} for ${property(f)}. ` +
    `Fristen er ${formatLongDate(f.deadline)}. ${conditionsSentence(f.conditions)}`
  );
}

/** 'Aksepter motbud': 'Jeg, …, aksepterer selgerens motbud på … for …. Forbehold: ingen.' */
export function acceptanceStatement(f: ActFacts & { conditions: string | null }): string {
  return (
    `Jeg, ${f.signerName}, aksepterer selgerens motbud på ${amountText(f.amount)} for ${property(f)}. ` +
    conditionsSentence(f.conditions)
  );
}

/**
 * 'Frafall forbehold' (decision 066): 'Jeg, Ola Nordmann, frafaller forbeholdet om finansiering i budet på
 * 5 250 000 kr.' The amount in figures only: the bid itself named it in words.
 */
export function waiverStatement(f: { signerName: string; conditionName: string; amount: number }): string {
  return `Jeg, ${f.signerName}, frafaller ${f.conditionName} i budet på ${plainKroner(f.amount)}.`;
}
