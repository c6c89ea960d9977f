import { and, eq } from 'drizzle-orm';
import { type ConditionKind, conditionName } from '../../../shared/rules/conditions';
import { waiverStatement } from '../../../shared/signing/act-statements';
import { canonicalJson } from '../../../shared/signing/canonical-json';
import type { DbOrTx } from '../../db/client';
import { bidConditions } from '../../db/fair-notice-schema';
import { bids } from '../../db/schema';
import { findSignerName } from './act-facts.repository';

/** A bid's condition with what its waiver names: the bid's round, amount and the people it binds. */
export async function findConditionFacts(db: DbOrTx, bidId: string, index: number) {
  const [row] = await db
    .select({
      bidRoundId: bids.bidRoundId,
      amount: bids.amount,
      userId: bids.userId,
      coBidderIds: bids.coBidderIds,
      kind: bidConditions.kind,
      text: bidConditions.text,
      until: bidConditions.until,
    })
    .from(bidConditions)
    .innerJoin(bids, eq(bids.id, bidConditions.bidId))
    .where(and(eq(bidConditions.bidId, bidId), eq(bidConditions.position, index)));
  return row ? { ...row, kind: row.kind as ConditionKind } : null;
}

/**
 * Waiving one condition of a bid (decision 066), signed by the member of the bid's party who waives it; the
 * canonical act names the condition as the bid was placed with it.
 */
export async function describeWaiver(
  db: DbOrTx,
  viewerId: string,
  bidId: string,
  index: number,
): Promise<{
  kind: 'condition-waive';
  roundId: string;
  signerId: string;
  canonicalAct: string;
  statement: () => Promise<string | null>;
} | null> {
  const facts = await findConditionFacts(db, bidId, index);
  if (!facts) return null;
  const signerId = facts.coBidderIds.includes(viewerId) ? viewerId : facts.userId;
  return {
    kind: 'condition-waive',
    roundId: facts.bidRoundId,
    signerId,
    canonicalAct: canonicalJson({
      act: 'condition-waive',
      bidId,
      index,
      bidRoundId: facts.bidRoundId,
      amount: facts.amount,
      kind: facts.kind,
      text: facts.text,
      until: facts.until?.toISOString() ?? null,
    }),
    statement: async () => {
      const signerName = await findSignerName(db, signerId);
      if (!signerName) return null;
      return waiverStatement({ signerName, conditionName: conditionName(facts), amount: facts.amount });
    },
  };
}
