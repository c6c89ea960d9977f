import type { FinancingPlan } from '../../../../shared/rules/bid-plan';
import type { BuyerCapacity, SignerRole } from '../../../../shared/rules/buyers';
import type { BidAct } from '../api/use-bid-signing';
import type { ReadConditions } from './condition-inputs';

export interface BidDraft {
  amount: number;
  /** The conditions as the confirmation shows them. */
  conditions: string;
  /** As sent (decision 066): the words alone, or the typed list when a common condition is ticked. */
  conditionList?: ReadConditions['conditions'];
  bidDeadline: Date;
  /** The name of the attached financing proof, if any. */
  proofName: string | null;
  financing: FinancingPlan | null;
  /** 'YYYY-MM-DD', or null for 'Etter avtale'. */
  takeoverDate: string | null;
  /** Who buys (decision 065): always sent, so the words signed are the words the bid is placed with. */
  buyerCapacity: BuyerCapacity;
  company: { orgNumber: string; name: string; signerRole: SignerRole } | null;
  /** The group's other members, by name, whom the bid binds too. */
  coBidders: string[];
}

/**
 * The bid as sent, both to ask for its signing options and to place it: the same text both times, so the
 * server finds the signed act in the posted one (decision 039). Conditions '' when there are none; a plan
 * and a takeover day left out when not given (the API reads them as none and 'Etter avtale').
 */
export function bidActOf(
  roundId: string,
  bid: BidDraft,
): BidAct & { conditions: ReadConditions['conditions']; bidDeadline: string } {
  return {
    bidRoundId: roundId,
    amount: bid.amount,
    conditions: bid.conditionList ?? bid.conditions,
    bidDeadline: bid.bidDeadline.toISOString(),
    ...(bid.financing ? { financing: bid.financing } : {}),
    ...(bid.takeoverDate ? { takeoverDate: bid.takeoverDate } : {}),
    buyerCapacity: bid.buyerCapacity,
    ...(bid.company ? { company: bid.company } : {}),
  };
}
