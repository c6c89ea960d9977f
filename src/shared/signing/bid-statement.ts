import { formatAmountInWords } from '../format/amount-in-words';
import { formatLongDate } from '../format/date';
import { formatMoney } from '../format/money';

/** What the statement of a bid says (decision 039); the server fills it in from the round and the bidder. */
export interface BidStatementFacts {
  bidderName: string;
  amount: number;
  propertyTitle: string;
  propertyAddress: string;
  bidDeadline: Date;
  conditions: string | null;
}

/**
 * The words a bidder signs: 'Jeg, Ola Nordmann, byr 5 250 000 kr (fem millioner to hundre og femti tusen
 * kroner) for Lys 3-roms, Thorvald Meyers gate 10, 0555 Oslo. Akseptfrist: 25. november 2026 kl. 20:00.
 * Forbehold: ingen.' Plain spaces, so the text is the same wherever it is shown or stored.
 */
export function bidStatement(f: BidStatementFacts): string {
  const amount = formatMoney(f.amount).replace(/\u00a0/g, ' ');
  return (
    `Jeg, ${f.bidderName}, byr ${amount} (${formatAmountInWords(f.amount)}) for ${f.propertyTitle}, ` +
    `${f.propertyAddress}. Akseptfrist: ${formatLongDate(f.bidDeadline)}. Forbehold: ${f.conditions ?? 'ingen'}.`
  );
}
