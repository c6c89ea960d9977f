import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bidRounds, properties, users } from '../../db/schema';
import { signatureChallenges } from '../../db/signature-schema';
import { signerColumns, signerNameFrom } from './act-facts.repository';

// The signing's storage (decision 039): queries only; the rules are in signatures.service.ts.

export type SignatureChallengeRow = typeof signatureChallenges.$inferSelect;

export async function insertSignatureChallenge(
  db: DbOrTx,
  row: Omit<typeof signatureChallenges.$inferInsert, 'id'>,
  now: Date,
): Promise<string> {
  // Expired challenges go as new ones come, so the table holds only the last five minutes' worth.
  await db.delete(signatureChallenges).where(lt(signatureChallenges.expiresAt, now));
  const [inserted] = await db
    .insert(signatureChallenges)
    .values(row)
    .returning({ id: signatureChallenges.id });
  if (!inserted) throw new Error('signature challenge not stored');
  return inserted.id;
}

/** Takes a user's challenge out (it is good once), or null if there is none by that id for them. */
export async function takeSignatureChallenge(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<SignatureChallengeRow | null> {
  const rows = await db
    .delete(signatureChallenges)
    .where(and(eq(signatureChallenges.id, id), eq(signatureChallenges.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

/** What a bid's statement names: the bidder's name and the round's property, or null for an unknown round. */
export async function findStatementFacts(db: DbOrTx, roundId: string, userId: string) {
  const [round] = await db
    .select({ title: properties.title, address: properties.address })
    .from(bidRounds)
    .innerJoin(properties, eq(properties.id, bidRounds.propertyId))
    .where(eq(bidRounds.id, roundId));
  const [user] = await db.select(signerColumns).from(users).where(eq(users.id, userId));
  return round && user ? { ...round, bidderName: signerNameFrom(user) } : null;
}

export interface BidSignatureRow {
  bidId: string;
  passkeyId: string;
  credentialId: string;
  publicKey: string;
  statement: string;
  canonicalAct: string;
  nonce: string;
  challenge: string;
  signature: string;
  authenticatorData: string;
  clientDataJson: string;
}

/**
 * A bid's signature row by its column names, as place_bids (migration 0020) writes it in the bid's own
 * statement, and only if the bid was placed.
 */
export function bidSignatureColumns(r: BidSignatureRow) {
  return {
    bid_id: r.bidId,
    passkey_id: r.passkeyId,
    credential_id: r.credentialId,
    public_key: r.publicKey,
    statement: r.statement,
    canonical_act: r.canonicalAct,
    nonce: r.nonce,
    challenge: r.challenge,
    signature: r.signature,
    authenticator_data: r.authenticatorData,
    client_data_json: r.clientDataJson,
  };
}

/** A bid's stored signature, for the tests and a later verifier. */
export async function findBidSignature(db: DbOrTx, bidId: string) {
  const result = await db.execute(sql`select * from bid_signatures where bid_id = ${bidId}::uuid`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? null;
}

/**
 * Account deletion (decision 039): the statements of the user's signed bids name 'Slettet bruker' instead of
 * them, and their open challenges go. The signature covers the canonical act, which names no one, so it
 * still holds.
 */
export async function scrubSignaturesOfBidder(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`update bid_signatures
    set statement = regexp_replace(statement, '^Jeg, .*?, byr ', 'Jeg, Slettet bruker, byr ')
    where bid_id in (select id from bids where user_id = ${userId}::uuid)`);
  // The owner's and the accepting bidder's acts (decision 041) name their signer the same way.
  await db.execute(sql`update act_signatures
    set statement = regexp_replace(statement, '^Jeg, .*?, (aksepterer|avslår|gir) ', 'Jeg, Slettet bruker, \\1 ')
    where user_id = ${userId}::uuid`);
  await deleteSignatureChallengesOf(db, userId);
}

/** The user's open signing challenges, whatever their act. */
export async function deleteSignatureChallengesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(signatureChallenges).where(eq(signatureChallenges.userId, userId));
}
