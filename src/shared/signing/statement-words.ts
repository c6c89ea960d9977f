import { formatCalendarDay } from '../format/date';
import { formatMoney } from '../format/money';

// The pieces the signed statements (decision 059) and the bid's receipt share, so the words a bidder signs
// and the words they are sent back are the same. Plain spaces, as in every statement.

/** '6 000 000 kr' with plain spaces. */
export const plainKroner = (amount: number) => formatMoney(amount).replace(/\u00a0/g, ' ');

/**
 * A sentence ended once: 'Forbehold om finansiering.' stays as it is, 'Salg av egen bolig' gains its full
 * stop. A sentence that ends with its own stop, question or exclamation mark, inside a closing quote or
 * bracket or not ('«Takk for budet.»'), gets no second one (Språkrådet's rule for a quote that ends a
 * sentence).
 */
export function endSentence(text: string): string {
  return /[.!?…][»"”’)]*$/.test(text) ? text : `${text}.`;
}

/** A bid's financing plan as the bid states it. */
export interface PlanFinancing {
  equity: number;
  loan: number;
  lender?: string | null;
}

/**
 * 'Finansiering: egenkapital 1 500 000 kr, lån 6 000 000 kr i DNB. Ønsket overtakelse: 15. januar 2027.':
 * each sentence only when the bid gives it; without a lender the loan names none. Empty when neither is given.
 */
export function bidPlanSentences(financing: PlanFinancing | null | undefined, takeoverDate?: string | null) {
  const sentences: string[] = [];
  if (financing) {
    const lender = financing.lender ? ` i ${financing.lender}` : '';
    sentences.push(
      endSentence(
        `Finansiering: egenkapital ${plainKroner(financing.equity)}, lån ${plainKroner(financing.loan)}${lender}`,
      ),
    );
  }
  if (takeoverDate) sentences.push(`Ønsket overtakelse: ${formatCalendarDay(takeoverDate)}.`);
  return sentences.join(' ');
}
