import { z } from 'zod';
import { BUYER_CAPACITIES, SIGNER_ROLES } from '../../rules/buyers';
import { CONDITION_KINDS } from '../../rules/conditions';
import { wholeNumber } from './bid-round';
import { timestamp } from './common';
import { chainLinkFields } from './record';

// The answers of the bid routes (see common.ts): ../bid.ts re-exports their types.

/** A company a bid is made for (decision 065): the owner, admins and the bid's own bidders see it. */
export const companyViewSchema = z
  .object({
    orgNumber: z.string().describe('Ni sifre'),
    name: z.string(),
    signerRole: z.enum(SIGNER_ROLES),
  })
  .meta({ id: 'Selskap' });

/**
 * Who buys (decision 065), for the bid's own bidders, the owner and admins only: for every other reader the
 * capacity and the company are null and the list of bidders is empty, so that a group stays one 'Budgiver A'.
 */
export const buyerFields = {
  buyerCapacity: z.enum(BUYER_CAPACITIES).nullable().describe("'forbruker' eller 'naeringsdrivende'"),
  company: companyViewSchema.nullable(),
  /**
   * A bidder group's members the bid binds, by name: the party first, then the co-bidders in the order they
   * joined. Empty for one person bidding alone.
   */
  bidders: z.array(z.string()),
};

/**
 * One of a bid's conditions (decision 066), typed, with where it stands: 'active', 'waived' (the bidder gave
 * it up, at `waivedAt`) or 'lapsed' (its deadline `until` passed first, at `lapsedAt`).
 */
export const conditionItemSchema = z
  .object({
    kind: z.enum(CONDITION_KINDS),
    text: z.string().nullable(),
    until: timestamp.nullable(),
    state: z.enum(['active', 'waived', 'lapsed']),
    waivedAt: timestamp.nullable(),
    lapsedAt: timestamp.nullable(),
  })
  .meta({ id: 'Forbehold' });
export type ConditionItem = z.input<typeof conditionItemSchema>;

/** A bid as every participant may see it: the bidder is 'Du' or a per-round pseudonym, never a person. */
export const bidViewSchema = z
  .object({
    id: z.guid(),
    amount: wholeNumber,
    /** The conditions as readable text, one per line; the same as before they were typed. */
    conditions: z.string().nullable(),
    conditionItems: z.array(conditionItemSchema),
    bidDeadline: timestamp.nullable(),
    createdAt: timestamp,
    /** 'Du' for the viewer's own bids, otherwise 'Budgiver A', 'Budgiver B' … */
    bidderLabel: z.string().describe("'Du', 'Budgiver A', 'Budgiver B' … eller 'Slettet bruker'"),
    isOwnBid: z.boolean(),
    isHighestBid: z.boolean(),
    isWinner: z.boolean(),
    /** The bid's acceptance deadline has passed: it no longer binds the bidder ('Utløpt'). */
    isExpired: z.boolean(),
    /** The bidder deleted their account: shown as 'Slettet bruker', never counted, never chosen. */
    isBidderDeleted: z.boolean(),
    /** A financing proof is attached ('Vedlagt'); only the owner and admins may download it. */
    hasFinancingProof: z.boolean(),
    /** The seller rejected the bid ('Avslått'): like a lapsed bid, it no longer binds, counts or can be chosen. */
    isRejected: z.boolean(),
    /** The bidder signed the bid with a passkey (decision 039): 'Signert med passnøkkel' or 'Ikke signert'. */
    isSigned: z.boolean(),
    /**
     * The seller's message with the rejection, for the bidder of that bid and for the owner and admins only;
     * null for every other reader, and when the seller wrote none.
     */
    rejectionMessage: z.string().nullable(),
    ...buyerFields,
  })
  .meta({ id: 'Bud' });

/** GET /api/bid-rounds/{id}/bids */
export const roundBidsSchema = z
  .object({ startingPrice: wholeNumber, bids: z.array(bidViewSchema) })
  .meta({ id: 'BudIRunden' });

export const bidderDetailsSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    bankName: z.string().nullable(),
    bankContactName: z.string().nullable(),
    bankContactPhone: z.string().nullable(),
  })
  .meta({ id: 'Budgiver' });

/** The bidder's financing plan: equity and loan in whole kroner, and the lender if there is one. */
export const financingViewSchema = z
  .object({ equity: wholeNumber, loan: wholeNumber, lender: z.string().nullable() })
  .meta({ id: 'Finansieringsplan' });

/**
 * A bid's financing plan and desired takeover day: for the owner, admins and the bidder themself only, never
 * for other bidders (bid-views.ts bidPlan).
 */
export const bidPlanFields = {
  /** null: the bidder gave no plan. */
  financing: financingViewSchema.nullable(),
  /** 'YYYY-MM-DD', a day in Norway; null is 'Etter avtale'. */
  takeoverDate: z.iso.date().nullable().describe("Ønsket overtakelse; null er 'Etter avtale'"),
};

/** GET /api/owner/bid-rounds/{id}/bids: the owner's and admins' view, with who bid and how they pay. */
export const ownerBidViewSchema = bidViewSchema
  .extend({
    ...bidPlanFields,
    user: bidderDetailsSchema,
    /** The bidder's identity is verified with the eID provider (decision 064): 'ID bekreftet med BankID'. */
    bidderIdentityVerified: z.boolean(),
    /** The bidder's mobile number is confirmed with an SMS code: 'Mobil bekreftet'. */
    bidderPhoneVerified: z.boolean(),
    /** The members of the bidder's group the bid binds besides `user`, in the order they joined. */
    coBidders: z.array(
      z.object({
        name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        identityVerified: z.boolean(),
        phoneVerified: z.boolean(),
      }),
    ),
    /** The member who placed the bid, by name. */
    placedBy: z.string(),
  })
  .meta({ id: 'BudMedBudgiver' });

/** POST /api/bids answers with the stored bid. */
export const placedBidSchema = z
  .object({ message: z.string(), bid: bidViewSchema, ...chainLinkFields })
  .meta({ id: 'LagtInnBud' });

/** GET /api/user/bids */
export const userBidViewSchema = z
  .object({
    id: z.guid(),
    bidRoundId: z.guid(),
    amount: wholeNumber,
    conditions: z.string().nullable(),
    conditionItems: z.array(conditionItemSchema),
    bidDeadline: timestamp.nullable(),
    ...bidPlanFields,
    createdAt: timestamp,
    isHighestBid: z.boolean(),
    /** The acceptance deadline has passed: the bid no longer binds the bidder. */
    isExpired: z.boolean(),
    /** The seller rejected the bid ('Avslått'): it no longer binds the bidder. */
    isRejected: z.boolean(),
    /** The bidder signed the bid with a passkey (decision 039): 'Signert med passnøkkel' or 'Ikke signert'. */
    isSigned: z.boolean(),
    /** The seller's message with the rejection, if any. */
    rejectionMessage: z.string().nullable(),
    ...buyerFields,
    roundIsClosed: z.boolean(),
    property: z.object({ title: z.string(), address: z.string() }),
  })
  .meta({ id: 'MittBud' });

/** PUT /api/bid-rounds/{id}/bids/{bidId}/reject */
export const rejectedBidSchema = z
  .object({ message: z.string(), ...chainLinkFields })
  .meta({ id: 'AvslattBud' });

export type BidView = z.input<typeof bidViewSchema>;
export type RoundBids = z.input<typeof roundBidsSchema>;
export type BidderDetails = z.input<typeof bidderDetailsSchema>;
export type OwnerBidView = z.input<typeof ownerBidViewSchema>;
export type PlacedBid = z.input<typeof placedBidSchema>;
export type RejectedBid = z.input<typeof rejectedBidSchema>;
export type UserBidView = z.input<typeof userBidViewSchema>;
