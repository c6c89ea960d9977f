import { createHash, randomBytes } from 'node:crypto';
import { type ActSignature, type ActToAppend, ROUND_ACT_VERSION } from '../../../shared/record/round-act';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import type { DbOrTx } from '../../db/client';
import { appendAct } from './round-chain.repository';

// The parts every act of a round's chain is made of (decision 040): commitments, salted hashes, the sealed
// signature, the secret kept beside the chain, and the append itself. round-acts.ts and buyer-acts.ts form
// the acts from them.

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256(salt ‖ user id): who the act is about, told only to those who hold the salt. */
export const commitment = (salt: string, userId: string) => sha256Hex(salt + userId);

/** A salted hash of words or terms: the same words give another hash in every act. */
export const saltedHash = (salt: string, text: string) => sha256Hex(salt + text);

/** A verified passkey signature (decision 039) as an act carries it, with what was signed. */
export interface SignedBy {
  statement: string;
  canonicalAct: string;
  signature: ActSignature;
}

/** What an act keeps beside the chain, for readers who may see it (the export, decision 040). */
export interface Secret {
  salt: string;
  terms?: CanonicalValue;
  statement?: string;
  signedAct?: string;
  signature?: ActSignature;
  message?: string;
  /** The SHA-256 of each stored journal of the round, sorted (decision 058). */
  journals?: string[];
}

/**
 * A signature as the act carries it (decision 055): sealed, a salted hash of its parts. The parts themselves
 * (the passkey's credential id and public key, the client data, the nonce) are the act's secret, for those
 * who may read its terms: with the nonce and the challenge, anyone could test guesses of the signed terms,
 * and the same key in every round would link a person's acts across rounds.
 */
const sealed = (salt: string, signature: ActSignature) => ({
  sealed: saltedHash(salt, canonicalJson(signature as unknown as CanonicalValue)),
});

export function aboutBidder(userId: string, signed?: SignedBy | null) {
  const salt = randomBytes(32).toString('hex');
  const secret: Secret = { salt };
  if (signed)
    Object.assign(secret, {
      statement: signed.statement,
      signedAct: signed.canonicalAct,
      signature: signed.signature,
    });
  return {
    salt,
    secret,
    fields: {
      bidder: commitment(salt, userId),
      statement: signed ? saltedHash(salt, signed.statement) : null,
      signature: signed ? sealed(salt, signed.signature) : null,
    },
  };
}

export const stamp = (at: Date) => at.toISOString();

export function append(
  tx: DbOrTx,
  roundId: string,
  act: ActToAppend,
  userId: string | null,
  secret: Secret | null,
) {
  return appendAct(tx, roundId, { v: ROUND_ACT_VERSION, roundId, ...act }, userId, secret);
}
