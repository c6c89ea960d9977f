import { and, asc, eq } from 'drizzle-orm';
import {
  ROUND_EDIT_KINDS,
  type RoundChangeValue,
  type RoundEditKind,
} from '../../../shared/rules/round-edits';
import type { DbOrTx } from '../../db/client';
import { roundChanges } from '../../db/listing-schema';
import { properties } from '../../db/schema';

/** The listing's text and facts as stored, to tell which fields an edit really changes. */
export async function findListingText(tx: DbOrTx, propertyId: string) {
  const [row] = await tx
    .select({
      title: properties.title,
      address: properties.address,
      description: properties.description,
      size: properties.size,
      rooms: properties.rooms,
      buildYear: properties.buildYear,
      floor: properties.floor,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!row) throw new Error(`property ${propertyId} not found`);
  return row;
}

export type ListingText = Awaited<ReturnType<typeof findListingText>>;

export async function updateListingText(
  tx: DbOrTx,
  propertyId: string,
  fields: Partial<ListingText>,
): Promise<void> {
  await tx.update(properties).set(fields).where(eq(properties.id, propertyId));
}

/**
 * The changes made while live bids stood, oldest first, each with its old and new value where it kept them
 * (decision 054): the budjournal lists them (decision 046).
 */
export async function findChangesWhileBidsStood(
  tx: DbOrTx,
  roundId: string,
): Promise<{ at: Date; kind: RoundEditKind; oldValue?: RoundChangeValue; newValue?: RoundChangeValue }[]> {
  const rows = await tx
    .select({ at: roundChanges.madeAt, kind: roundChanges.kind, valueChange: roundChanges.valueChange })
    .from(roundChanges)
    .where(and(eq(roundChanges.bidRoundId, roundId), eq(roundChanges.bidsStood, true)))
    .orderBy(asc(roundChanges.madeAt));
  // One call's changes share their time: they keep the kinds' own order, not the random ids'.
  const rank = (kind: string) => ROUND_EDIT_KINDS.indexOf(kind as RoundEditKind);
  return rows
    .map((r) => ({
      at: r.at,
      kind: r.kind as RoundEditKind,
      ...(r.valueChange ? { oldValue: r.valueChange.from, newValue: r.valueChange.to } : {}),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.kind) - rank(b.kind));
}
