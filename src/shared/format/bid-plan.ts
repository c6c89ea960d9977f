import type { FinancingPlan } from '../rules/bid-plan';
import { formatCalendarDay } from './date';
import { formatMoney } from './money';

/** '1 500 000 kr egenkapital + 4 000 000 kr lån (DNB)'; 'Ikke oppgitt' without a plan. */
export function financingText(financing: FinancingPlan | null): string {
  if (!financing) return 'Ikke oppgitt';
  const lender = financing.lender ? ` (${financing.lender})` : '';
  return `${formatMoney(financing.equity)} egenkapital + ${formatMoney(financing.loan)} lån${lender}`;
}

/** '1. mars 2027', or 'Etter avtale' when the bidder named no day. */
export function takeoverText(takeoverDate: string | null): string {
  return takeoverDate ? formatCalendarDay(takeoverDate) : 'Etter avtale';
}
