import { z } from 'zod';
import { BUYER_CAPACITIES } from '../../rules/buyers';
import { JOURNAL_ACT_KINDS } from '../../rules/journal-acts';
import { ROUND_EDIT_KINDS } from '../../rules/round-edits';
import { bidPlanFields, companyViewSchema, conditionItemSchema } from './bid';
import { closeReasonSchema, roundChangeValueFields, wholeNumber } from './bid-round';
import { timestamp } from './common';
import { chainHeadSchema, chainLinkFields } from './record';

// The answers of the journal routes and of closing a round (see common.ts): ../journal.ts re-exports
// their types.

/**
 * One bid in a bid journal (budjournal), as its reader may see it. For a bidder, other bidders are
 * pseudonyms and their personal fields are null; the owner and admins see everything.
 */
export const journalEntrySchema = z
  .object({
    userId: z.guid().nullable(),
    isOwnBid: z.boolean(),
    isHighestBid: z.boolean(),
    /** The bid the owner accepted ('Vinner'). */
    isWinner: z.boolean(),
    /** The acceptance deadline had passed when the round ended ('Utløpt'): the bid bound no one by then. */
    isExpired: z.boolean(),
    /** The seller rejected the bid ('Avslått') before the round ended: it bound no one after that. */
    isRejected: z.boolean(),
    /** Signed with a passkey (decision 039); false in journals written before signing existed. */
    isSigned: z.boolean(),
    /** When the seller rejected it. */
    rejectedAt: timestamp.nullable(),
    /** The seller's message with the rejection: in the owner's copy, and in the bidder's own for their bid. */
    rejectionMessage: z.string().nullable(),
    bidderName: z.string(),
    /**
     * In the owner's copy, and a bidder's own bids: the identity was verified with the eID provider when the
     * round ended (decision 064) — 'ID bekreftet med BankID' or 'ID ikke bekreftet'. Null elsewhere.
     */
    bidderIdentityVerified: z.boolean().nullable(),
    bidderEmail: z.string().nullable(),
    bidderPhone: z.string().nullable(),
    bidderAddress: z.string().nullable(),
    bankName: z.string().nullable(),
    bankContactName: z.string().nullable(),
    bankContactPhone: z.string().nullable(),
    conditions: z.string().nullable(),
    /** Each condition typed, with its state when the round ended (decision 066); absent in older journals. */
    conditionItems: z.array(conditionItemSchema).optional(),
    bidDeadline: timestamp.nullable(),
    /** The financing plan and takeover day: in the owner's copy, and in a bidder's copy for their own bids. */
    ...bidPlanFields,
    amount: wholeNumber,
    /** When the server received the bid. */
    createdAt: timestamp,
    /**
     * Who buys (decision 065), in the owner's copy and in a bidder's copy for the bids that bind them: the
     * capacity, the company, and the group's other members the bid binds. Null and empty elsewhere, and in
     * journals written before.
     */
    buyerCapacity: z.enum(BUYER_CAPACITIES).nullable(),
    company: companyViewSchema.nullable(),
    coBidders: z.array(
      z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    ),
  })
  .meta({ id: 'Journalpost' });

/**
 * One act of a round, as its reader may see it (decision 036): the journal's record in
 * time order, and the admin's round view (GET /api/admin/bid-rounds/{id}/acts). Who is named follows the
 * journal's rules: the owner's copy and admins see names, a bidder sees 'Du' for themself and 'Budgiver B'
 * for the others.
 */
export const journalActSchema = z
  .object({
    /** When it happened (the server's clock). */
    at: timestamp,
    /**
     * 'Bud', 'Avslag', 'Motbud', 'Motbud akseptert', 'Motbud avslått', 'Motbud trukket', 'Motbud utløpt',
     * 'Vinner valgt', 'Budrunden lukket' or, last, 'Budrunden slettet' (decision 042).
     */
    kind: z.enum(JOURNAL_ACT_KINDS),
    /** The bidder the act concerns, as the reader may name them; null for the round's close. */
    party: z.string().nullable(),
    /** The bid's or counter-offer's amount; null for the close. */
    amount: wholeNumber.nullable(),
    /** A bid's acceptance deadline, or a counter-offer's deadline. */
    deadline: timestamp.nullable(),
    /** A bid's conditions, or a counter-offer's where the reader may read them (the owner, its recipient). */
    conditions: z.string().nullable(),
    /**
     * The seller's words with a rejection (in the owner's copy and the rejected bidder's own), why a
     * counter-offer ended without an answer, or how the round ended.
     */
    message: z.string().nullable(),
    /**
     * Signed with a passkey by its party (decision 059): true or false on a binding act ('Bud', 'Avslag',
     * 'Motbud', 'Motbud akseptert', 'Vinner valgt'), null on an act nothing signs.
     */
    isSigned: z.boolean().nullable(),
  })
  .meta({ id: 'Budjournalhendelse' });

/**
 * A change to the listing made while live bids stood (decisions 046 and 054): a bidder bid on the listing as
 * it was, so the journal says what changed, when, and from what to what. Journals written before decision
 * 054, and changes with no value to name (photos, the salgsoppgave, a viewing), have no values.
 */
export const journalChangeSchema = z
  .object({
    at: timestamp,
    kind: z.enum(ROUND_EDIT_KINDS),
    /**
     * The sentence the round page's 'Endringer' shows: 'Tittelen er endret fra «Gamle» til «Ny»', or
     * 'Beskrivelsen er endret' without values.
     */
    text: z.string(),
    ...roundChangeValueFields,
  })
  .meta({ id: 'EndringMensBudSto' });

/** GET /api/user/bid-journals */
export const journalViewSchema = z
  .object({
    id: z.guid(),
    createdAt: timestamp,
    bidRound: z.object({
      id: z.guid(),
      closedAt: timestamp.nullable(),
      closeReason: closeReasonSchema.nullable(),
      /** When the winning bid was accepted, if one was. */
      acceptedAt: timestamp.nullable(),
      startingPrice: wholeNumber,
      property: z.object({ title: z.string(), address: z.string(), imageUrl: z.string().nullable() }),
    }),
    /** Highest first. */
    journalData: z.array(journalEntrySchema),
    /** Every act of the round in time order: bids, rejections, counter-offers and their outcomes, the close. */
    acts: z.array(journalActSchema),
    /**
     * 'Endringer mens bud sto': the changes to the listing made while live bids stood, oldest first; empty
     * in journals written before the change log existed.
     */
    changes: z.array(journalChangeSchema),
    /** The reader owns the property, so the journal is complete and may be exported as CSV. */
    isOwnerCopy: z.boolean(),
    /**
     * When an administrator deleted the round, or null (decision 042): the journal is kept, and marked
     * 'Budrunden er slettet av en administrator' with this time.
     */
    roundDeletedAt: timestamp.nullable(),
    /**
     * The round's hash chain's head as it is now (read, not stored with the journal), to compare with an export
     * checked by npm run verify-journal; null for a round without a chain (closed before the chain existed).
     */
    chainHead: chainHeadSchema,
  })
  .meta({ id: 'Budjournal' });

/** PUT /api/bid-rounds/{id}/close */
export const closeRoundResultSchema = z
  .object({ message: z.string(), bids: z.array(journalEntrySchema), ...chainLinkFields })
  .meta({ id: 'LukketBudrunde' });

/** PUT /api/bid-rounds/{id}/select-winner/{bidId} */
export const selectWinnerResultSchema = z
  .object({
    message: z.string(),
    winner: z.object({ bidderName: z.string(), amount: wholeNumber }),
    ...chainLinkFields,
  })
  .meta({ id: 'ValgtVinner' });

export type JournalEntry = z.input<typeof journalEntrySchema>;
export type JournalAct = z.input<typeof journalActSchema>;
export type JournalChange = z.input<typeof journalChangeSchema>;
export type JournalView = z.input<typeof journalViewSchema>;
export type CloseRoundResult = z.input<typeof closeRoundResultSchema>;
export type SelectWinnerResult = z.input<typeof selectWinnerResultSchema>;
