import { and, asc, eq, sql } from 'drizzle-orm';
import { signerNameOf } from '../../../shared/rules/identity';
import { actSignatures } from '../../db/act-signature-schema';
import type { DbOrTx } from '../../db/client';
import { coBidders } from '../../db/co-bidder-schema';
import { counterOffers } from '../../db/counter-offer-schema';
import { bidRounds, bids, properties, users } from '../../db/schema';

// What the statements and canonical acts of decision 041 are made of, read by id: queries only.

/** The round's owner and property, or null for an unknown round. */
export async function findRoundFacts(db: DbOrTx, roundId: string) {
  const [round] = await db
    .select({ ownerId: properties.ownerId, title: properties.title, address: properties.address })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  return round ?? null;
}

/** A user's name as a statement gives it, or null. */
export async function findSignerName(db: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await db.select(signerColumns).from(users).where(eq(users.id, userId));
  return user ? signerNameFrom(user) : null;
}

/** What names a signer: their name, and their birth date once the identity is verified (decision 064). */
export const signerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  birthDate: users.birthDate,
  identityVerifiedAt: users.identityVerifiedAt,
};

/** 'Ola Nordmann (født 12.03.1985)' for a verified identity, else the name as the account has it. */
export function signerNameFrom(user: {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  identityVerifiedAt: Date | null;
}): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return user.identityVerifiedAt ? signerNameOf(name, user.birthDate) : name;
}

/** A bid of the round (its amount and bidder), or null. */
export async function findBidFacts(db: DbOrTx, roundId: string, bidId: string) {
  const [bid] = await db
    .select({ id: bids.id, amount: bids.amount, userId: bids.userId })
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.bidRoundId, roundId)));
  return bid ?? null;
}

/**
 * The round's bidders in the order the pseudonyms are handed out (each bidder's first bid; bids of the same
 * millisecond by amount, as round_pseudonym orders them, decision 051).
 */
export async function findBiddersInOrder(db: DbOrTx, roundId: string): Promise<{ userId: string }[]> {
  return db
    .select({ userId: bids.userId })
    .from(bids)
    .where(eq(bids.bidRoundId, roundId))
    .orderBy(asc(bids.createdAt), asc(bids.amount), asc(bids.id));
}

/** A counter-offer's terms, or null. */
export async function findCounterOfferFacts(db: DbOrTx, id: string) {
  const [offer] = await db
    .select({
      id: counterOffers.id,
      bidRoundId: counterOffers.bidRoundId,
      recipientId: counterOffers.recipientId,
      amount: counterOffers.amount,
      deadline: counterOffers.deadline,
      conditions: counterOffers.conditions,
      coBidderIds: bids.coBidderIds,
    })
    .from(counterOffers)
    .innerJoin(bids, eq(bids.id, counterOffers.bidId))
    .where(eq(counterOffers.id, id));
  return offer ?? null;
}

/** An invitation to a bidder group, with the account of the address invited if there is one (decision 065). */
export async function findInvitationFacts(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: coBidders.id,
      groupId: coBidders.groupId,
      bidRoundId: coBidders.bidRoundId,
      email: coBidders.email,
      inviteeId: users.id,
    })
    .from(coBidders)
    .leftJoin(users, sql`lower(${users.email}) = lower(${coBidders.email}) and ${users.deletedAt} is null`)
    .where(eq(coBidders.id, id));
  return row ?? null;
}

export type ActSignatureRow = Omit<typeof actSignatures.$inferInsert, 'id' | 'signedAt'>;

/** Stores a verified act signature, in the act's own transaction (decision 041). */
export async function insertActSignature(db: DbOrTx, row: ActSignatureRow): Promise<void> {
  await db.insert(actSignatures).values(row);
}

/** The signatures stored for a bid or counter-offer, for the tests and a later verifier. */
export function findActSignatures(db: DbOrTx, subjectId: string) {
  return db.select().from(actSignatures).where(eq(actSignatures.subjectId, subjectId));
}
