import { z } from 'zod';
import { conditionItemSchema } from './bid';
import { timestamp } from './common';
import { chainLinkFields } from './record';

// The answers of the routes that show every bidder was told in time, and of a condition's waiver
// (decision 066); ../fair-notice.ts holds the bodies.

/** PUT /api/bids/{bidId}/conditions/{index}/waive */
export const waivedConditionSchema = z
  .object({ message: z.string(), condition: conditionItemSchema, ...chainLinkFields })
  .meta({ id: 'FrafaltForbehold' });
export type WaivedCondition = z.input<typeof waivedConditionSchema>;

/** A bidder's answer to 'byr du mer?': 'done' is 'Byr ikke mer', 'considering' is 'Vurderer å by'. */
export const BIDDER_ANSWERS = ['done', 'considering'] as const;
export type BidderAnswer = (typeof BIDDER_ANSWERS)[number];

/**
 * One live bidder as the owner sees them, for the round's highest live bid: when and how they were told of
 * it, when they opened the round after it was placed, and their answer. All null for the leading bidder's
 * own bid, which they know.
 */
export const bidderStateSchema = z
  .object({
    label: z.string().describe("'Budgiver A', 'Budgiver B' …"),
    name: z.string(),
    isLeading: z.boolean(),
    notifiedAt: timestamp.nullable(),
    notifiedBy: z
      .string()
      .nullable()
      .describe("'e-post', 'SMS og e-post', 'SMS levert 14:02 og e-post', 'SMS ikke levert og e-post'"),
    /** The channels the notice went by, for the winner dialog's words ('på SMS og e-post'). */
    notifiedChannels: z.array(z.enum(['sms', 'email'])),
    seenAt: timestamp.nullable(),
    answer: z.enum(BIDDER_ANSWERS).nullable(),
    answeredAt: timestamp.nullable(),
  })
  .meta({ id: 'BudgiverStatus' });
export type BidderState = z.input<typeof bidderStateSchema>;

/** GET /api/owner/bid-rounds/{id}/bidders */
export const bidderStatesSchema = z
  .object({
    /** When the highest live bid was placed, or null without one. */
    highestBidAt: timestamp.nullable(),
    /** Until when the winner dialog warns of bidders who have not seen it (FAIR_NOTICE_MINUTES), or null. */
    guardUntil: timestamp.nullable(),
    bidders: z.array(bidderStateSchema),
  })
  .meta({ id: 'BudgiverStatuser' });
export type BidderStates = z.input<typeof bidderStatesSchema>;

/** PUT /api/bid-rounds/{id}/my-answer */
export const myAnswerSchema = z
  .object({ message: z.string(), answer: z.enum(BIDDER_ANSWERS), answeredAt: timestamp })
  .meta({ id: 'MittSvar' });
export type MyAnswer = z.input<typeof myAnswerSchema>;

/** POST /api/sms/delivery-reports */
export const deliveryReportAnswerSchema = z.object({ message: z.string() }).meta({ id: 'Leveringsrapport' });
