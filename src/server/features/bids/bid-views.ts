import { bidderPseudonym, isBidLive } from '../../../shared/rules/bids';
import type { BuyerCapacity, SignerRole } from '../../../shared/rules/buyers';
import { conditionState } from '../../../shared/rules/conditions';
import { samePhone } from '../../../shared/rules/identity';
import type { BidderDetails, BidView, OwnerBidView } from '../../../shared/schemas/bid';
import type { ConditionItem } from '../../../shared/schemas/responses/bid';
import type { ConditionRow } from './bid-conditions.repository';
import type { findRoundBidsWithBidders } from './bids.repository';

/**
 * A bid with its bidder, as a round's bid lists, its journals and its closing messages read it. Named here,
 * with the views built from it, so that other features name it without reaching into the repository.
 */
export type BidWithBidder = Awaited<ReturnType<typeof findRoundBidsWithBidders>>[number];

export const DELETED_BIDDER = 'Slettet bruker';

/** A bid's conditions as answers give them (decision 066), each in its state at `now`, the database's time. */
export function conditionItemViews(rows: ConditionRow[], now: Date): ConditionItem[] {
  return rows.map((c) => {
    const { state, lapsedAt } = conditionState(c, now);
    return {
      kind: c.kind,
      text: c.text,
      until: c.until?.toISOString() ?? null,
      state,
      waivedAt: c.waivedAt?.toISOString() ?? null,
      lapsedAt: lapsedAt?.toISOString() ?? null,
    };
  });
}

/** Pseudonyms by bidder, handed out in order of each bidder's first bid: the same letters for every reader. */
export function pseudonymsByBidder(bidsInOrder: { userId: string }[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const bid of bidsInOrder) {
    if (!names.has(bid.userId)) names.set(bid.userId, bidderPseudonym(names.size));
  }
  return names;
}

/** The bid binds the viewer: their own, or their group's while they were in it (decision 065). */
export const bindsViewer = (row: { userId: string; coBidderIds: string[] }, viewerId: string) =>
  row.userId === viewerId || row.coBidderIds.includes(viewerId);

const personName = (p: { firstName: string; lastName: string; deletedAt: Date | null }) =>
  p.deletedAt ? DELETED_BIDDER : `${p.firstName} ${p.lastName}`.trim();

type BuyerRow = Pick<
  BidWithBidder,
  'buyerCapacity' | 'companyOrgNumber' | 'companyName' | 'companySignerRole' | 'coBidders'
> & { user: { firstName: string; lastName: string; deletedAt: Date | null } };

/** Who buys, for the bid's own bidders, the owner and admins (decision 065). */
export function buyerView(row: BuyerRow): Pick<BidView, 'buyerCapacity' | 'company' | 'bidders'> {
  return {
    buyerCapacity: row.buyerCapacity as BuyerCapacity,
    company:
      row.companyOrgNumber && row.companyName && row.companySignerRole
        ? {
            orgNumber: row.companyOrgNumber,
            name: row.companyName,
            signerRole: row.companySignerRole as SignerRole,
          }
        : null,
    // Names only for a group: one person bidding alone is 'Du' to themself and a name to the owner already.
    bidders: row.coBidders.length ? [personName(row.user), ...row.coBidders.map(personName)] : [],
  };
}

const NO_BUYER: Pick<BidView, 'buyerCapacity' | 'company' | 'bidders'> = {
  buyerCapacity: null,
  company: null,
  bidders: [],
};

interface ViewContext {
  viewerId: string;
  winningBidId: string | null;
  now: Date;
  /** The database's time itself, for conditions that lapse after bidding ended; default `now`. */
  clockNow?: Date;
  /** The viewer is the round's owner or an admin: they read the seller's message on every rejected bid. */
  seesRejectionMessages?: boolean;
}

/**
 * A bid row counts while its acceptance deadline has not passed, its bidder still exists and the seller has
 * not rejected it.
 */
export const isRowLive = (row: Pick<BidWithBidder, 'bidDeadline' | 'user' | 'rejectedAt'>, now: Date) =>
  isBidLive(
    {
      bidDeadline: row.bidDeadline,
      bidderDeleted: row.user.deletedAt !== null,
      isRejected: row.rejectedAt !== null,
    },
    now,
  );

/** The highest amount among the live bids, or null when none is live. */
export function highestLiveAmount(rows: BidWithBidder[], now: Date): number | null {
  return rows.reduce<number | null>(
    (max, b) => (isRowLive(b, now) && (max === null || b.amount > max) ? b.amount : max),
    null,
  );
}

/**
 * The bids of a round as one participant may see them, highest first. Built from an explicit field list:
 * nothing about another bidder but a pseudonym ever leaves through here. Only a live bid can be the highest.
 * Every reader sees that a bid was rejected ('Avslått'); only its bidder reads the seller's message.
 */
export function toBidViews(rows: BidWithBidder[], ctx: ViewContext): BidView[] {
  const names = pseudonymsByBidder(rows);
  const top = highestLiveAmount(rows, ctx.now);
  return [...rows]
    .sort((a, b) => b.amount - a.amount || a.createdAt.getTime() - b.createdAt.getTime())
    .map((b) => ({
      id: b.id,
      amount: b.amount,
      conditions: b.conditions,
      conditionItems: conditionItemViews(b.conditionRows, ctx.clockNow ?? ctx.now),
      bidDeadline: b.bidDeadline?.toISOString() ?? null,
      createdAt: b.createdAt.toISOString(),
      bidderLabel: bindsViewer(b, ctx.viewerId)
        ? 'Du'
        : b.user.deletedAt
          ? DELETED_BIDDER
          : (names.get(b.userId) ?? ''),
      isOwnBid: bindsViewer(b, ctx.viewerId),
      isHighestBid: isRowLive(b, ctx.now) && b.amount === top,
      isBidderDeleted: b.user.deletedAt !== null,
      isWinner: b.id === ctx.winningBidId,
      isExpired: b.bidDeadline !== null && b.bidDeadline <= ctx.now,
      hasFinancingProof: Boolean(b.financingProof),
      isRejected: b.rejectedAt !== null,
      // The seller's words are for the bidder of that bid (and the owner, below), not for the other bidders.
      rejectionMessage: bindsViewer(b, ctx.viewerId) || ctx.seesRejectionMessages ? b.rejectionMessage : null,
      isSigned: b.isSigned,
      ...(bindsViewer(b, ctx.viewerId) || ctx.seesRejectionMessages ? buyerView(b) : NO_BUYER),
    }));
}

export function bidderDetails(user: BidWithBidder['user']): BidderDetails {
  if (user.deletedAt) {
    return {
      firstName: 'Slettet',
      lastName: 'bruker',
      email: '',
      phone: null,
      address: null,
      bankName: null,
      bankContactName: null,
      bankContactPhone: null,
    };
  }
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.address,
    bankName: user.bankName,
    bankContactName: user.bankContactName,
    bankContactPhone: user.bankContactPhone,
  };
}

type PlanColumns = Pick<
  BidWithBidder,
  'financingEquity' | 'financingLoan' | 'financingLender' | 'takeoverDate'
>;

/**
 * A bid's financing plan and desired takeover day. Only for those who may know how a bidder pays and when
 * they want to move in: the owner, admins and the bidder themself (decision 033), never another bidder.
 */
export function bidPlan(row: PlanColumns): Pick<OwnerBidView, 'financing' | 'takeoverDate'> {
  return {
    financing:
      row.financingEquity === null || row.financingLoan === null
        ? null
        : { equity: row.financingEquity, loan: row.financingLoan, lender: row.financingLender },
    takeoverDate: row.takeoverDate,
  };
}

/** The owner's and admins' view: the same list, with who each bidder is and how they pay. */
export function toOwnerBidViews(rows: BidWithBidder[], ctx: ViewContext): OwnerBidView[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toBidViews(rows, ctx).map((view) => {
    const row = byId.get(view.id);
    if (!row) throw new Error('bid view without its row');
    return {
      ...view,
      ...bidPlan(row),
      ...buyerView(row),
      rejectionMessage: row.rejectionMessage,
      user: bidderDetails(row.user),
      ...bidderVerification(row.user),
      coBidders: row.coBidders.map((p) => ({
        name: personName(p),
        email: p.deletedAt ? '' : p.email,
        phone: p.deletedAt ? null : p.phone,
        identityVerified: bidderVerification(p).bidderIdentityVerified,
        phoneVerified: bidderVerification(p).bidderPhoneVerified,
      })),
      placedBy: personName(row.coBidders.find((p) => p.id === row.placedBy) ?? row.user),
    };
  });
}

/** Whether the bidder's identity and mobile number are confirmed (decision 064), as the owner sees them. */
export function bidderVerification(
  user: Pick<BidWithBidder['user'], 'deletedAt' | 'identityVerifiedAt' | 'phone' | 'phoneVerifiedNumber'>,
): Pick<OwnerBidView, 'bidderIdentityVerified' | 'bidderPhoneVerified'> {
  return {
    bidderIdentityVerified: !user.deletedAt && user.identityVerifiedAt !== null,
    bidderPhoneVerified: !user.deletedAt && samePhone(user.phone, user.phoneVerifiedNumber),
  };
}
