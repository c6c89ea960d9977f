import { ADDRESS_LOCKED_MESSAGE, type RoundEditKind } from '../../../shared/rules/round-edits';
import type { BidRoundView, EditRoundInput } from '../../../shared/schemas/bid-round';
import type { AppDeps } from '../../deps';
import { Conflict } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { findHighestLiveBid } from '../bids/bids.service';
import { getRound } from './bid-rounds.service';
import { recordRoundChange, type ValueChange } from './round-changes';
import { findListingText, type ListingText, updateListingText } from './round-edits.repository';
import { lockOpenRoundToManage } from './round-lifecycle.service';

/**
 * The fields whose new value differs from the stored one, with that value: a description or a floor sent
 * empty is none, as the create form stores it. Sending a field unchanged records nothing.
 */
function changedFields(stored: ListingText, input: EditRoundInput): Partial<ListingText> {
  const next: Partial<ListingText> = {};
  if (input.title !== undefined && input.title !== stored.title) next.title = input.title;
  if (input.address !== undefined && input.address !== stored.address) next.address = input.address;
  if (input.description !== undefined) {
    const description = input.description || null;
    if (description !== stored.description) next.description = description;
  }
  if (input.size !== undefined && (input.size ?? null) !== stored.size) next.size = input.size ?? null;
  if (input.rooms !== undefined && (input.rooms ?? null) !== stored.rooms) next.rooms = input.rooms ?? null;
  if (input.buildYear !== undefined && (input.buildYear ?? null) !== stored.buildYear)
    next.buildYear = input.buildYear ?? null;
  if (input.floor !== undefined) {
    const floor = input.floor || null;
    if (floor !== stored.floor) next.floor = floor;
  }
  return next;
}

// In the form's order, which is also ROUND_EDIT_KINDS': one call's changes are listed so.
const KIND_OF: Record<keyof ListingText, RoundEditKind> = {
  title: 'title',
  address: 'address',
  description: 'description',
  size: 'size',
  rooms: 'rooms',
  buildYear: 'build-year',
  floor: 'floor',
};

/**
 * PATCH /api/bid-rounds/{id} (decision 046): the owner, or an admin as themself, edits the title, address,
 * description or facts of an open round. Under the round's lock, so an edit cannot slip past its close, and
 * so that no bid can be placed between the check below and the commit: a bid takes the same row lock
 * (place_bid). Each field that really changed is one change in the round's log, which the page, the e-mails
 * and the budjournal take from there; each keeps its old and new value if a live bid stands (decision 054).
 */
export async function editRound(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  input: EditRoundInput,
): Promise<BidRoundView> {
  await deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const stored = await findListingText(tx, round.propertyId);
    const changed = changedFields(stored, input);
    const fields = Object.keys(changed) as (keyof ListingText)[];
    if (fields.length === 0) return;
    // A bidder bound themself to a bid on this property: while a bid binds, the listing may not become
    // another one's. Refused before anything is written, so no field of the call changes (decision 054).
    if (changed.address !== undefined && (await findHighestLiveBid(tx, round.id, now)) !== null) {
      throw new Conflict(ADDRESS_LOCKED_MESSAGE, [{ path: 'address', message: ADDRESS_LOCKED_MESSAGE }]);
    }
    await updateListingText(tx, round.propertyId, changed);
    const values: Partial<Record<RoundEditKind, ValueChange>> = {};
    for (const field of fields) values[KIND_OF[field]] = { from: stored[field], to: changed[field] ?? null };
    // The mail and the audit row name the round by its new title: that is the one the reader will find.
    await recordRoundChange(
      tx,
      deps,
      { ...round, title: changed.title ?? round.title, address: changed.address ?? round.address },
      viewer,
      fields.map((field) => KIND_OF[field]),
      now,
      { values },
    );
  });
  return getRound(deps.db, viewer, roundId);
}
