import { eq } from 'drizzle-orm';
import type { BuyerCapacity, SignerRole } from '../../../shared/rules/buyers';
import { type BiddingGroup, findGroupOfMember, type GroupMember } from '../../db/bidder-groups';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { EventHub } from '../../events/event-hub';
import { signerNameFrom } from './act-facts.repository';
import { groupFreeRoundsOf } from './group-free-rounds';

/** Who a bid is for (decision 065), as its statement, its canonical act and its row say it. */
export interface BidBuyer {
  /** The bidder party (bids.user_id): the one who bids, or their group's principal. */
  partyId: string;
  /** The member who places the bid. */
  placedBy: string;
  capacity: BuyerCapacity;
  company: { orgNumber: string; name: string; signerRole: SignerRole } | null;
  /** The group the bid is formed for, as it was then, or null for one who bids alone. */
  group: Pick<BiddingGroup, 'id' | 'version'> | null;
  /** Everyone the bid binds, the one who places it first. */
  bidders: Pick<GroupMember, 'userId' | 'firstName' | 'lastName' | 'birthDate' | 'identityVerifiedAt'>[];
}

/** What the one who bids is named and buys as: the signed-in user's own fields. */
export interface BidderSelf {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  identityVerifiedAt: Date | null;
  buyerCapacity: BuyerCapacity;
}

async function findSelf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      birthDate: users.birthDate,
      identityVerifiedAt: users.identityVerifiedAt,
      buyerCapacity: users.buyerCapacity,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The buyer of a bid the viewer forms now: their group in the round, if they are in one, and the capacity the
 * bid names, else the profile's 'Jeg byr som'. A company always bids in business. Null for an unknown user.
 */
export async function buyerOf(
  db: DbOrTx,
  viewer: string | BidderSelf,
  bid: { bidRoundId: string; buyerCapacity?: BuyerCapacity | null; company?: BidBuyer['company'] },
  events?: Pick<EventHub, 'isListening' | 'onBusEvent'>,
): Promise<BidBuyer | null> {
  const viewerId = typeof viewer === 'string' ? viewer : viewer.id;
  // A bid's own request has the signed-in user at hand, and on a round without groups (nearly every one)
  // no group to look up: then it forms its buyer without a query.
  const noGroups = events ? await groupFreeRoundsOf(events).hasNone(db, bid.bidRoundId) : false;
  const [self, group] = await Promise.all([
    typeof viewer === 'string' ? findSelf(db, viewer) : { ...viewer, userId: viewer.id },
    noGroups ? null : findGroupOfMember(db, bid.bidRoundId, viewerId),
  ]);
  if (!self) return null;
  const company = bid.company ?? null;
  const others = group?.members.filter((m) => m.userId !== viewerId) ?? [];
  return {
    partyId: group?.principalId ?? viewerId,
    placedBy: viewerId,
    capacity: company ? 'naeringsdrivende' : (bid.buyerCapacity ?? self.buyerCapacity),
    company,
    group: group && { id: group.id, version: group.version },
    bidders: [
      {
        userId: self.userId,
        firstName: self.firstName,
        lastName: self.lastName,
        birthDate: self.birthDate,
        identityVerifiedAt: self.identityVerifiedAt,
      },
      ...others,
    ],
  };
}

/** The names of everyone a bid binds but the one who places it, as their statement names them. */
export const coBidderNamesOf = (buyer: BidBuyer) => buyer.bidders.slice(1).map(signerNameFrom);
