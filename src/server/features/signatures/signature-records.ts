import type { DbOrTx } from '../../db/client';
import { insertActSignature } from './act-facts.repository';
import {
  type BidSignatureRow,
  bidSignatureColumns,
  deleteSignatureChallengesOf,
  scrubSignaturesOfBidder,
} from './signatures.repository';
import type { VerifiedSignature } from './signatures.service';

// What other features need of the signatures: a deleted user's name out of their signed statements, a
// reset user's open challenges gone, a verified signature stored with its act, and the signature as the
// round's chain carries it.

/** In the account deletion's transaction: see scrubSignaturesOfBidder. */
export function scrubSignaturesOf(db: DbOrTx, userId: string): Promise<void> {
  return scrubSignaturesOfBidder(db, userId);
}

/**
 * In a password reset's transaction (decision 052): the user's passkeys are gone, so their open signing
 * challenges go too. None could be answered any more; this leaves nothing half-done behind.
 */
export function forgetSignatureChallengesOf(db: DbOrTx, userId: string): Promise<void> {
  return deleteSignatureChallengesOf(db, userId);
}

export type { BidSignatureRow, VerifiedSignature };

/** A checked bid signature's row, as place_bids writes it alongside the bid (by column name). */
export function bidSignatureRow(row: BidSignatureRow): Record<string, string> {
  return bidSignatureColumns(row);
}

/** What was signed and the proof: the parts a bid's row and every other act's signature share. */
type SignedParts = Pick<
  BidSignatureRow,
  | 'statement'
  | 'canonicalAct'
  | 'credentialId'
  | 'publicKey'
  | 'authenticatorData'
  | 'clientDataJson'
  | 'signature'
  | 'nonce'
>;

/** The signature as an act in the round's chain carries it (decision 040), for a bid or any other act. */
export function signedByOf(row: SignedParts) {
  return {
    statement: row.statement,
    canonicalAct: row.canonicalAct,
    signature: {
      credentialId: row.credentialId,
      publicKey: row.publicKey,
      authenticatorData: row.authenticatorData,
      clientDataJSON: row.clientDataJson,
      signature: row.signature,
      nonce: row.nonce,
    },
  };
}

/** signedByOf for an act that may go unsigned: null when it did. */
export const chainSignatureOf = (signed: VerifiedSignature | undefined) =>
  signed ? signedByOf(signed) : null;

/**
 * In the act's own transaction (decision 041): the signature checkActSignature verified, stored against the
 * bid or counter-offer the act concerns; nothing for an unsigned act.
 */
export async function storeActSignature(
  db: DbOrTx,
  signed: VerifiedSignature | undefined,
  subjectId: string,
): Promise<void> {
  if (!signed) return;
  const { kind, roundId, ...proof } = signed;
  await insertActSignature(db, { act: kind, bidRoundId: roundId, subjectId, ...proof });
}
