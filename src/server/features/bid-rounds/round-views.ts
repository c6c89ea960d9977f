import type { RoundChangeValue, RoundEditKind } from '../../../shared/rules/round-edits';
import type { MinimumBidDeadlineReason } from '../../../shared/rules/viewing-deadline';
import {
  type BidRoundView,
  type CloseReason,
  type ProspectusView,
  type PublicBidRound,
  type PublicProperty,
  type RoundChangeView,
  toObjectPath,
  type ViewingView,
} from '../../../shared/schemas/bid-round';
import type { RoundRow } from './round-views.repository';

// A round's views, built from explicit field lists: nothing a row holds leaves unless named here.

/** What a listing shows beside its property, for every reader (decisions 045 and 046). */
interface ListingRow {
  minimumBidDeadlineReason: string | null;
  viewings: { id: string; startsAt: Date; endsAt: Date; note: string | null }[];
  changes: {
    at: Date;
    kind: string;
    byAdmin: boolean;
    valueChange: { from: RoundChangeValue; to: RoundChangeValue } | null;
  }[];
}

interface PhotoRow {
  imageUrl: string | null;
  imageUrls: string[];
  prospectusSize: number | null;
  prospectusUploadedAt: Date | null;
}

export function toViewingViews(viewings: ListingRow['viewings']): ViewingView[] {
  return viewings.map((v) => ({
    id: v.id,
    startsAt: v.startsAt.toISOString(),
    endsAt: v.endsAt.toISOString(),
    note: v.note,
  }));
}

function listingOf(row: ListingRow) {
  return {
    viewings: toViewingViews(row.viewings),
    minimumBidDeadlineReason: (row.minimumBidDeadlineReason as MinimumBidDeadlineReason | null) ?? null,
    changes: row.changes.map(
      (c): RoundChangeView => ({
        at: c.at.toISOString(),
        kind: c.kind as RoundEditKind,
        byAdmin: c.byAdmin,
        // Only a change made while a live bid stood kept them (decision 054); the others stay as they were.
        ...(c.valueChange ? { oldValue: c.valueChange.from, newValue: c.valueChange.to } : {}),
      }),
    ),
  };
}

/** The cover, every photo under /objects/, and the salgsoppgave's facts. */
function photosOf(p: PhotoRow) {
  const prospectus: ProspectusView | null =
    p.prospectusSize !== null && p.prospectusUploadedAt
      ? { size: p.prospectusSize, uploadedAt: p.prospectusUploadedAt.toISOString() }
      : null;
  return {
    imageUrl: toObjectPath(p.imageUrl),
    imageUrls: p.imageUrls.map((url) => toObjectPath(url) ?? url),
    prospectus,
  };
}

/** The property's fields anyone may see, named one by one. */
function publicPropertyOf(p: RoundRow['property']): PublicProperty {
  return {
    title: p.title,
    address: p.address,
    description: p.description,
    ...photosOf(p),
    size: p.size,
    rooms: p.rooms,
    buildYear: p.buildYear,
    floor: p.floor,
    price: p.price,
  };
}

/** A round as a visitor may see it: explicit public fields only, whatever the row holds. */
export function toPublicRound(row: RoundRow): PublicBidRound {
  return {
    id: row.id,
    deadline: row.deadline.toISOString(),
    minimumBidDeadline: row.minimumBidDeadline?.toISOString() ?? null,
    isActive: row.isActive,
    isClosed: row.isClosed,
    createdAt: row.createdAt.toISOString(),
    property: publicPropertyOf(row.property),
    ...listingOf(row),
  };
}

/** A round as a signed-in user sees it; `hasBid` is about that user (the row's own, or one given). */
export function toRoundView(row: RoundRow, viewerId: string, hasBid = row.hasBid): BidRoundView {
  return roundViewFor(row, row.property.ownerId === viewerId, hasBid);
}

/** A round as a signed-in user sees it: what differs between users is these two flags, and nothing else. */
export function roundViewFor(row: RoundRow, isOwner: boolean, hasBid: boolean): BidRoundView {
  const seen = toPublicRound(row);
  return {
    ...seen,
    closedAt: row.closedAt?.toISOString() ?? null,
    closeReason: (row.closeReason as CloseReason | null) ?? null,
    winningBidId: row.winningBidId,
    smsNotificationsEnabled: row.smsNotificationsEnabled,
    property: {
      ...seen.property,
      ownerId: row.property.ownerId,
      owner: row.owner?.email ? row.owner : null,
    },
    highestBid: row.highestBid,
    bidCount: row.bidCount,
    liveBidCount: row.liveBidCount,
    isOwner,
    hasBid,
  };
}
