import { formatAmountInWords } from '../format/amount-in-words';
import { formatLongDate } from '../format/date';
import { formatMoney } from '../format/money';

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
  return `${formatMoney(amount).replace(/\u00a0/g, ' ')} (${formatAmountInWords(amount)})`;
}

const property = (f: ActFacts) => `${f.propertyTitle}, ${f.propertyAddress}`;

/** 'Velg som vinner': 'Jeg, Kari Selger, aksepterer budet på … fra Budgiver A for <title>, <address>.' */
export function winnerStatement(f: ActFacts & { bidderLabel: string }): string {
  return `Jeg, ${f.signerName}, aksepterer budet på ${amountText(f.amount)} fra ${f.bidderLabel} for ${property(f)}.`;
}

/** 'Avslå': 'Jeg, …, avslår budet på … fra Budgiver A for …. Melding: «…».' (or 'Melding: ingen.') */
export function rejectionStatement(f: ActFacts & { bidderLabel: string; message: string | null }): string {
  return (
    `Jeg, ${f.signerName}, avslår budet på ${amountText(f.amount)} fra ${f.bidderLabel} for ${property(f)}. ` +
    `Melding: ${f.message === null ? 'ingen' : `«${f.message}»`}.`
  );
}

/** 'Gi motbud': 'Jeg, …, gir Budgiver A et motbud på … for …. Fristen er …. Forbehold: ingen.' */
export function counterOfferStatement(
  f: ActFacts & { bidderLabel: string; deadline: Date; conditions: string | null },
): string {
  return (
    `Jeg, ${f.signerName}, gir ${f.bidderLabel} et motbud på ${amountText(f.amount)} for ${property(f)}. ` +
    `Fristen er ${formatLongDate(f.deadline)}. Forbehold: ${f.conditions ?? 'ingen'}.`
  );
}

/** 'Aksepter motbud': 'Jeg, …, aksepterer selgerens motbud på … for …. Forbehold: ingen.' */
export function acceptanceStatement(f: ActFacts & { conditions: string | null }): string {
  return (
    `Jeg, ${f.signerName}, aksepterer selgerens motbud på ${amountText(f.amount)} for ${property(f)}. ` +
    `Forbehold: ${f.conditions ?? 'ingen'}.`
  );
}
