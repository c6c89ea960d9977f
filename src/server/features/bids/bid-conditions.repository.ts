import { asc, eq, inArray } from 'drizzle-orm';
import type { ConditionKind } from '../../../shared/rules/conditions';
import type { DbOrTx } from '../../db/client';
import { bidConditions } from '../../db/fair-notice-schema';
import { bids } from '../../db/schema';

/** A bid's typed condition as stored (decision 066). */
export interface ConditionRow {
  bidId: string;
  position: number;
  kind: ConditionKind;
  text: string | null;
  until: Date | null;
  waivedAt: Date | null;
  lapseRecordedAt: Date | null;
}

const columns = {
  bidId: bidConditions.bidId,
  position: bidConditions.position,
  kind: bidConditions.kind,
  text: bidConditions.text,
  until: bidConditions.until,
  waivedAt: bidConditions.waivedAt,
  lapseRecordedAt: bidConditions.lapseRecordedAt,
};

const byBid = (rows: ConditionRow[]) => {
  const map = new Map<string, ConditionRow[]>();
  for (const row of rows) map.set(row.bidId, [...(map.get(row.bidId) ?? []), row]);
  return map;
};

/** Each row with its bid's conditions in order: a round's bids by the round, in one query. */
export async function withConditions<T extends { id: string }>(
  db: DbOrTx,
  rows: T[],
  roundId?: string,
): Promise<(T & { conditionRows: ConditionRow[] })[]> {
  if (rows.length === 0) return [];
  const query = db.select(columns).from(bidConditions);
  const found = (await (roundId
    ? query.innerJoin(bids, eq(bids.id, bidConditions.bidId)).where(eq(bids.bidRoundId, roundId))
    : query.where(
        inArray(
          bidConditions.bidId,
          rows.map((r) => r.id),
        ),
      )
  ).orderBy(asc(bidConditions.bidId), asc(bidConditions.position))) as ConditionRow[];
  const map = byBid(found);
  return rows.map((r) => ({ ...r, conditionRows: map.get(r.id) ?? [] }));
}
