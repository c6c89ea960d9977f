/**
 * The acts of a round's chain (decision 040). Each is hashed as its canonical JSON
 * (shared/signing/canonical-json.ts): hash = SHA-256(prevHash ‖ canonical JSON), over UTF-8, prevHash being
 * the previous act's hash in lowercase hex (64 zeros before the first act).
 *
 * An act names people only by commitment, SHA-256(salt ‖ user id), and by the round's pseudonym ('Budgiver
 * A'), and free words and terms (a bid's conditions and plan, the seller's message, the signed statement) only
 * by a salted hash: the chain can be shown to every participant without saying who bid or on what terms.
 */
export const GENESIS_HASH = '0'.repeat(64);
export const ROUND_ACT_VERSION = 1;

/** A passkey's signature over an act (decision 039), every part base64url, as the act's secret keeps it. */
export interface ActSignature {
  credentialId: string;
  /** The passkey's COSE public key. */
  publicKey: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
  /** The server's nonce: the challenge was base64url(SHA-256(canonical signed act ‖ nonce)). */
  nonce: string;
}

/**
 * A signature as an act carries it (decision 055): a salted hash of the canonical JSON of its parts, which
 * only the act's readers (the owner, admins, the act's own party) get, with the salt. Acts written before
 * then carry the parts themselves (ActSignature).
 */
export interface SealedSignature {
  sealed: string;
}

interface ActBase {
  v: typeof ROUND_ACT_VERSION;
  roundId: string;
  /** When it happened, on the database's clock, ISO UTC. */
  at: string;
}

/** Acts about one bidder carry their pseudonym and their commitment. */
interface ActAboutBidder {
  party: string | null;
  bidder: string;
}

export type RoundAct = ActBase &
  (
    | {
        kind: 'opened';
        price: number;
        deadline: string;
        /** The seller's shortest acceptance deadline, or null (decision 058); absent in acts before it. */
        minimumBidDeadline?: string | null;
      }
    | { kind: 'starting-price'; price: number; previous: number }
    /** The round's effective shortest acceptance deadline changed: a viewing added or removed (decision 058). */
    | { kind: 'minimum-bid-deadline'; minimumBidDeadline: string | null; reason: string | null }
    | (ActAboutBidder & {
        kind: 'bid';
        bidId: string;
        amount: number;
        bidDeadline: string;
        /** SHA-256(salt ‖ canonical JSON of { conditions, financing, takeoverDate }). */
        terms: string;
        /** SHA-256(salt ‖ the statement signed), or null for an unsigned bid. */
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
      })
    | (ActAboutBidder & {
        kind: 'rejection';
        bidId: string;
        /** SHA-256(salt ‖ the seller's message), or null without one. */
        message: string | null;
        signature: SealedSignature | ActSignature | null;
      })
    | (ActAboutBidder & {
        kind: 'counter-offer';
        counterOfferId: string;
        bidId: string;
        amount: number;
        deadline: string;
        /** SHA-256(salt ‖ canonical JSON of { conditions }). */
        terms: string;
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
      })
    | (ActAboutBidder & {
        kind: 'counter-offer-accepted';
        counterOfferId: string;
        /** The bid the acceptance placed. */
        bidId: string;
        amount: number;
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
      })
    | (ActAboutBidder & {
        kind: 'counter-offer-declined' | 'counter-offer-withdrawn' | 'counter-offer-lapsed';
        counterOfferId: string;
        signature: SealedSignature | ActSignature | null;
      })
    | (ActAboutBidder & {
        kind: 'winner';
        bidId: string;
        amount: number;
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
        /**
         * The guard before the choice (decision 066): `shown` when a live bidder had neither seen nor
         * answered the latest bid within FAIR_NOTICE_MINUTES, `overridden` when the owner chose anyway.
         * Absent in acts before it.
         */
        fairNotice?: { shown: boolean; overridden: boolean; unseen: string[] };
      })
    /**
     * A bidder group's change (decision 065): who acted as a commitment, the names and the e-mail invited
     * as SHA-256(salt ‖ canonical JSON of the terms); no party is named.
     */
    | {
        kind: 'co-bidder-invited' | 'co-bidder-accepted' | 'co-bidder-declined' | 'co-bidder-left';
        invitationId: string;
        bidder: string;
        terms: string;
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
      }
    /**
     * A bid's condition waived by its bidder (signed) or run out at its deadline (decision 066): `index` is
     * its place in the bid's list, `terms` SHA-256(salt ‖ canonical JSON of { kind, text, until }).
     */
    | (ActAboutBidder & {
        kind: 'condition-waived' | 'condition-lapsed';
        bidId: string;
        index: number;
        terms: string;
        statement: string | null;
        signature: SealedSignature | ActSignature | null;
      })
    /** A bidder answered that they bid no more on the highest bid then (decision 066); no party is named. */
    | { kind: 'bidder-done'; bidder: string; highestBidId: string }
    | { kind: 'closed'; reason: string; winningBidId: string | null }
    | { kind: 'anonymised'; party: string | null }
    | { kind: 'deleted' }
    /**
     * The round's stored journals as they were just written or rewritten (decision 058): SHA-256(salt ‖
     * canonical JSON of the sorted SHA-256 of each journal's stored JSON).
     */
    | { kind: 'journals'; journals: string }
  );

export type RoundActKind = RoundAct['kind'];

/** A link of the chain: its place and its hash, as every receipt carries them. */
export interface ChainLink {
  seq: number;
  hash: string;
}

/** The act as the caller forms it: the database adds the pseudonym (`party`), and for a bid the time. */
export type ActToAppend = DistributiveOmit<RoundAct, 'party' | 'v' | 'roundId'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
