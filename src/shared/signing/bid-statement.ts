import { formatAmountInWords } from '../format/amount-in-words';
import { formatLongDate } from '../format/date';
import {
  BUYER_CAPACITY_LABELS,
  type BuyerCapacity,
  companySigner,
  namesTogether,
  type SignerRole,
} from '../rules/buyers';
import { bidPlanSentences, endSentence, type PlanFinancing, plainKroner } from './statement-words';

/** What the statement of a bid says (decision 039); the server fills it in from the round and the bidder. */
export interface BidStatementFacts {
  bidderName: string;
  amount: number;
  propertyTitle: string;
  propertyAddress: string;
  bidDeadline: Date;
  conditions: string | null;
  /** The financing plan and the wished takeover day ('YYYY-MM-DD'), when the bid gives them (decision 059). */
  financing?: PlanFinancing | null;
  takeoverDate?: string | null;
  /** Who buys (decision 065): a consumer unless said otherwise. */
  buyerCapacity?: BuyerCapacity;
  /** The company the bidder signs for, in the role they sign in. */
  company?: { orgNumber: string; name: string; signerRole: SignerRole } | null;
  /** The other members of the bidder's group, in the order they joined: the bid is made for them all. */
  coBidderNames?: string[];
}

/** 'Ola Nordmann', 'Ola Nordmann, som daglig leder for … (org.nr. …)', 'Kari, på vegne av Ola og meg selv'. */
function whoBids(f: BidStatementFacts): string {
  if (f.company)
    return companySigner(f.bidderName, f.company.signerRole, f.company.name, f.company.orgNumber);
  if (f.coBidderNames?.length)
    return `${f.bidderName}, på vegne av ${namesTogether([...f.coBidderNames, 'meg selv'])}`;
  return f.bidderName;
}

/**
 * The words a bidder signs: 'Jeg, Ola Nordmann, byr som forbruker 5 250 000 kr (fem millioner to hundre og femti tusen
 * kroner) for Lys 3-roms, Thorvald Meyers gate 10, 0555 Oslo. Akseptfrist: 25. november 2026 kl. 20:00.
 * Forbehold: ingen.', then the whole bid's plan when given (decision 059): 'Finansiering: egenkapital
 * 1 500 000 kr, lån 6 000 000 kr i DNB. Ønsket overtakelse: 15. januar 2027.' Plain spaces, so the text is
 * the same wherever it is shown or stored. A company's signer and a group's member say for whom they bid
 * (decision 065): 'Jeg, Kari Nordmann, på vegne av Ola Nordmann og meg selv, byr som forbruker …'.
 */
export function bidStatement(f: BidStatementFacts): string {
  const plan = bidPlanSentences(f.financing, f.takeoverDate);
  return (
    `Jeg, ${whoBids(f)}, byr som ${BUYER_CAPACITY_LABELS[f.buyerCapacity ?? 'forbruker']} ${plainKroner(f.amount)} (${formatAmountInWords(f.amount)}) for ${f.propertyTitle}, ` +
    `${f.propertyAddress}. Akseptfrist: ${formatLongDate(f.bidDeadline)}. ` +
    endSentence(`Forbehold: ${f.conditions || 'ingen'}`) +
    (plan ? ` ${plan}` : '')
  );
}
