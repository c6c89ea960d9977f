import { z } from 'zod';
import { bidPlanFields } from './bid';
import { closeReasonSchema, wholeNumber } from './bid-round';
import { timestamp } from './common';

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
    /** When the seller rejected it. */
    rejectedAt: timestamp.nullable(),
    /** The seller's message with the rejection: in the owner's copy, and in the bidder's own for their bid. */
    rejectionMessage: z.string().nullable(),
    bidderName: z.string(),
    bidderEmail: z.string().nullable(),
    bidderPhone: z.string().nullable(),
    bidderAddress: z.string().nullable(),
    bankName: z.string().nullable(),
    bankContactName: z.string().nullable(),
    bankContactPhone: z.string().nullable(),
    conditions: z.string().nullable(),
    bidDeadline: timestamp.nullable(),
    /** The financing plan and takeover day: in the owner's copy, and in a bidder's copy for their own bids. */
    ...bidPlanFields,
    amount: wholeNumber,
    /** When the server received the bid. */
    createdAt: timestamp,
  })
  .meta({ id: 'Journalpost' });

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
    /** The reader owns the property, so the journal is complete and may be exported as CSV. */
    isOwnerCopy: z.boolean(),
  })
  .meta({ id: 'Budjournal' });

/** PUT /api/bid-rounds/{id}/close */
export const closeRoundResultSchema = z
  .object({ message: z.string(), bids: z.array(journalEntrySchema) })
  .meta({ id: 'LukketBudrunde' });

/** PUT /api/bid-rounds/{id}/select-winner/{bidId} */
export const selectWinnerResultSchema = z
  .object({ message: z.string(), winner: z.object({ bidderName: z.string(), amount: wholeNumber }) })
  .meta({ id: 'ValgtVinner' });

export type JournalEntry = z.input<typeof journalEntrySchema>;
export type JournalView = z.input<typeof journalViewSchema>;
export type CloseRoundResult = z.input<typeof closeRoundResultSchema>;
export type SelectWinnerResult = z.input<typeof selectWinnerResultSchema>;
