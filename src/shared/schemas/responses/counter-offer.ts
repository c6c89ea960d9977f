import { z } from 'zod';
import { COUNTER_OFFER_STATUSES } from '../../rules/counter-offers';
import { wholeNumber } from './bid-round';
import { timestamp } from './common';
import { chainLinkFields } from './record';

// The answers of the counter-offer routes (see common.ts): ../counter-offer.ts re-exports their types.

/**
 * A counter-offer (motbud) as its reader may see it. The owner and admins see to whom it went; its
 * recipient sees 'Du' and everything; another bidder sees a pseudonym ('Budgiver B'), the amount, the
 * deadline and the status, but not the conditions.
 */
export const counterOfferViewSchema = z
  .object({
    id: z.guid(),
    /** The bid it answers. */
    bidId: z.guid(),
    bidAmount: wholeNumber,
    amount: wholeNumber,
    deadline: timestamp,
    /** Null for bidders other than its recipient, and when the seller set none. */
    conditions: z.string().nullable(),
    /** 'lapsed' once its deadline passed unanswered, on the database clock. */
    status: z.enum(COUNTER_OFFER_STATUSES),
    createdAt: timestamp,
    /** When it was accepted, declined, withdrawn or lapsed; null while open. */
    answeredAt: timestamp.nullable(),
    /** The recipient's name for the owner and admins; 'Du' for the recipient; else 'Budgiver B' … */
    recipientLabel: z.string(),
    /** The reader is its recipient: only they may accept or decline it. */
    isToMe: z.boolean(),
    /** Accepting it placed this bid, which won the round. */
    acceptedBidId: z.guid().nullable(),
  })
  .meta({ id: 'Motbud' });

/** POST /api/bid-rounds/{id}/counter-offers */
export const createdCounterOfferSchema = z
  .object({ counterOffer: counterOfferViewSchema, ...chainLinkFields })
  .meta({ id: 'SendtMotbud' });

/** PUT /api/counter-offers/{id}/accept: the bid it became, which won the round. */
export const acceptedCounterOfferSchema = z
  .object({
    message: z.string(),
    bid: z.object({ id: z.guid(), amount: wholeNumber }),
    ...chainLinkFields,
  })
  .meta({ id: 'AkseptertMotbud' });

export type CounterOfferView = z.input<typeof counterOfferViewSchema>;
export type CreatedCounterOffer = z.input<typeof createdCounterOfferSchema>;
export type AcceptedCounterOffer = z.input<typeof acceptedCounterOfferSchema>;
