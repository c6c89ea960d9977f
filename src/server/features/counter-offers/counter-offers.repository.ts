import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BuyerCapacity } from '../../../shared/rules/buyers';
import type { CounterOfferStatus } from '../../../shared/rules/counter-offers';
import type { DbOrTx } from '../../db/client';
import { counterOffers } from '../../db/counter-offer-schema';
import { bidRounds, bids, properties, users } from '../../db/schema';
import { actIsSigned } from '../../db/signed-acts';

/** The columns every reader of a counter-offer needs, with its bid's amount and its recipient. */
const columns = {
  id: counterOffers.id,
  bidRoundId: counterOffers.bidRoundId,
  bidId: counterOffers.bidId,
  bidAmount: bids.amount,
  /** The other members of the recipient's group whom the bid binds: each may answer (decision 065). */
  bidCoBidderIds: bids.coBidderIds,
  recipientId: counterOffers.recipientId,
  amount: counterOffers.amount,
  deadline: counterOffers.deadline,
  conditions: counterOffers.conditions,
  status: sql<CounterOfferStatus>`${counterOffers.status}`,
  createdAt: counterOffers.createdAt,
  answeredAt: counterOffers.answeredAt,
  acceptedBidId: counterOffers.acceptedBidId,
  // The owner signed the offer, the recipient its acceptance (decisions 041, 059).
  isSigned: actIsSigned('counter-offer', counterOffers.id),
  isAcceptanceSigned: actIsSigned('accept-counter-offer', counterOffers.id),
  recipient: {
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    deletedAt: users.deletedAt,
  },
};

function selectCounterOffers(db: DbOrTx) {
  return db
    .select(columns)
    .from(counterOffers)
    .innerJoin(bids, eq(bids.id, counterOffers.bidId))
    .innerJoin(users, eq(users.id, counterOffers.recipientId));
}

export type CounterOfferRow = Awaited<ReturnType<typeof findCounterOffersOfRound>>[number];

/** A round's counter-offers in the order they were made. */
export function findCounterOffersOfRound(db: DbOrTx, roundId: string) {
  return selectCounterOffers(db)
    .where(eq(counterOffers.bidRoundId, roundId))
    .orderBy(asc(counterOffers.createdAt), asc(counterOffers.id));
}

export async function findCounterOffer(db: DbOrTx, id: string): Promise<CounterOfferRow | null> {
  const [row] = await selectCounterOffers(db).where(eq(counterOffers.id, id));
  return row ?? null;
}

export async function insertCounterOffer(
  tx: DbOrTx,
  row: {
    bidRoundId: string;
    bidId: string;
    recipientId: string;
    createdBy: string;
    amount: number;
    deadline: Date;
    conditions: string | null;
    createdAt: Date;
  },
): Promise<string> {
  const [inserted] = await tx.insert(counterOffers).values(row).returning({ id: counterOffers.id });
  if (!inserted) throw new Error('insert into counter_offers returned no row');
  return inserted.id;
}

/**
 * Settles a bidder's open counter-offers in a round (a newer one replaces them), every open one of a round
 * (it closed), or every open one to a bidder (their account is deleted): those past their deadline lapsed
 * then, the others are withdrawn now.
 */
export async function settleOpenCounterOffers(
  tx: DbOrTx,
  where: { roundId?: string; recipientId?: string },
  at: Date,
): Promise<SettledCounterOffer[]> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const rows = await tx
    .update(counterOffers)
    .set({
      status: sql`case when ${counterOffers.deadline} <= ${atSql} then 'lapsed' else 'withdrawn' end`,
      answeredAt: sql`least(${counterOffers.deadline}, ${atSql})`,
    })
    .where(
      and(
        where.roundId ? eq(counterOffers.bidRoundId, where.roundId) : undefined,
        eq(counterOffers.status, 'open'),
        where.recipientId ? eq(counterOffers.recipientId, where.recipientId) : undefined,
      ),
    )
    .returning({
      id: counterOffers.id,
      bidRoundId: counterOffers.bidRoundId,
      recipientId: counterOffers.recipientId,
      status: counterOffers.status,
      answeredAt: counterOffers.answeredAt,
    });
  return rows.map((r) => ({ ...r, answeredAt: r.answeredAt ?? at }));
}

export interface SettledCounterOffer {
  id: string;
  bidRoundId: string;
  recipientId: string;
  status: string;
  answeredAt: Date;
}

/**
 * Moves an open counter-offer to its answer, once: the condition on 'open' is a second guard behind the
 * round's lock, which the caller holds. Returns false if it was no longer open.
 */
export async function answerCounterOffer(
  tx: DbOrTx,
  id: string,
  answer: { status: Exclude<CounterOfferStatus, 'open'>; at: Date; acceptedBidId?: string },
): Promise<boolean> {
  const rows = await tx
    .update(counterOffers)
    .set({ status: answer.status, answeredAt: answer.at, acceptedBidId: answer.acceptedBidId ?? null })
    .where(and(eq(counterOffers.id, id), eq(counterOffers.status, 'open')))
    .returning({ id: counterOffers.id });
  return rows.length > 0;
}

/** The bid an accepted counter-offer becomes: the recipient's, at its amount and conditions. */
export async function insertAcceptedBid(
  tx: DbOrTx,
  bid: {
    bidRoundId: string;
    userId: string;
    amount: number;
    conditions: string | null;
    /** The counter-offer's deadline: until then the offer, and so the bid it became, stood. */
    bidDeadline: Date;
    takeoverDate: string | null;
    createdAt: Date;
    /** Who buys, as the bid answered (decision 065), and the member who accepted. */
    placedBy: string | null;
    coBidderIds: string[];
    buyerCapacity: BuyerCapacity;
    companyOrgNumber: string | null;
    companyName: string | null;
    companySignerRole: string | null;
  },
): Promise<string> {
  // notifiedAt is set: the round is decided in the same transaction, so no 'new bid' message goes out.
  const [row] = await tx
    .insert(bids)
    .values({ ...bid, notifiedAt: bid.createdAt })
    .returning({ id: bids.id });
  if (!row) throw new Error('insert into bids returned no row');
  return row.id;
}

/** Who owns a round, and whether it exists: what the list of its counter-offers needs. */
export async function findRoundOwner(db: DbOrTx, roundId: string) {
  const [row] = await db
    .select({ id: bidRounds.id, ownerId: properties.ownerId })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return row ?? null;
}

/** The takeover day of the bid a counter-offer answered: the accepted bid keeps it. */
export async function findBidPlanOf(db: DbOrTx, bidId: string) {
  const [row] = await db
    .select({
      takeoverDate: bids.takeoverDate,
      coBidderIds: bids.coBidderIds,
      buyerCapacity: bids.buyerCapacity,
      companyOrgNumber: bids.companyOrgNumber,
      companyName: bids.companyName,
      companySignerRole: bids.companySignerRole,
    })
    .from(bids)
    .where(eq(bids.id, bidId));
  return row ?? null;
}

/** The counter-offers made to one user, with their properties, newest first. */
export function findCounterOffersTo(db: DbOrTx, userId: string) {
  return db
    .select({
      id: counterOffers.id,
      bidRoundId: counterOffers.bidRoundId,
      amount: counterOffers.amount,
      deadline: counterOffers.deadline,
      conditions: counterOffers.conditions,
      status: sql<CounterOfferStatus>`${counterOffers.status}`,
      createdAt: counterOffers.createdAt,
      answeredAt: counterOffers.answeredAt,
      property: { title: properties.title, address: properties.address },
    })
    .from(counterOffers)
    .innerJoin(bidRounds, eq(bidRounds.id, counterOffers.bidRoundId))
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(counterOffers.recipientId, userId))
    .orderBy(desc(counterOffers.createdAt));
}
