import { z } from 'zod';
import '../zod-locale';
import { MAX_CONDITIONS_LENGTH } from '../rules/bids';
import { MAX_AMOUNT } from './bid-round';

const MAX_ACCEPTANCE_MS = 366 * 24 * 60 * 60 * 1000;

/** POST /api/bids. The server checks amount and deadline again against the round, under its lock. */
export const placeBidSchema = z.object({
  bidRoundId: z.uuid('Ugyldig budrunde'),
  amount: z
    .number({ error: 'Beløp må være større enn 0' })
    .int('Beløpet må være et helt antall kroner')
    .min(1, 'Beløp må være større enn 0')
    .max(MAX_AMOUNT, 'Beløpet kan ikke være høyere enn 10 000 000 000 kr'),
  conditions: z
    .string()
    .trim()
    .max(MAX_CONDITIONS_LENGTH, `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`)
    .nullish()
    .transform((v) => v || null),
  // An ISO time with its offset (or a Date): a bare '2031-01-01 12:00' would be read in the server's zone.
  bidDeadline: z
    .union([z.date(), z.iso.datetime({ offset: true, error: 'Akseptfrist må velges' })], {
      error: 'Akseptfrist må velges',
    })
    .transform((v, ctx) => {
      const date = v instanceof Date ? v : new Date(v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Akseptfrist må velges' });
        return z.NEVER;
      }
      if (date.getTime() > Date.now() + MAX_ACCEPTANCE_MS) {
        ctx.addIssue({ code: 'custom', message: 'Akseptfristen kan ikke være mer enn ett år frem i tid' });
        return z.NEVER;
      }
      return date;
    }),
  // An id from POST /api/financing-proofs: the bidder's own upload, not yet attached to any bid.
  financingProofId: z.uuid('Ugyldig finansieringsbevis').nullish(),
});
export type PlaceBidInput = z.input<typeof placeBidSchema>;

/** A bid as every participant may see it: the bidder is 'Du' or a per-round pseudonym, never a person. */
export interface BidView {
  id: string;
  amount: number;
  conditions: string | null;
  bidDeadline: string | null;
  createdAt: string;
  /** 'Du' for the viewer's own bids, otherwise 'Budgiver A', 'Budgiver B' … */
  bidderLabel: string;
  isOwnBid: boolean;
  isHighestBid: boolean;
  isWinner: boolean;
  /** The bid's acceptance deadline has passed: it no longer binds the bidder ('Utløpt'). */
  isExpired: boolean;
  /** The bidder deleted their account: shown as 'Slettet bruker', never counted, never chosen. */
  isBidderDeleted: boolean;
  /** A financing proof is attached ('Vedlagt'); only the owner and admins may download it. */
  hasFinancingProof: boolean;
}

/** GET /api/bid-rounds/{id}/bids */
export interface RoundBids {
  startingPrice: number;
  bids: BidView[];
}

export interface BidderDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  bankName: string | null;
  bankContactName: string | null;
  bankContactPhone: string | null;
}

/** GET /api/owner/bid-rounds/{id}/bids: the owner's and admins' view, with who bid. */
export interface OwnerBidView extends BidView {
  user: BidderDetails;
}

/** POST /api/bids answers with the stored bid. */
export interface PlacedBid {
  message: string;
  bid: BidView;
}

/** GET /api/user/bids */
export interface UserBidView {
  id: string;
  bidRoundId: string;
  amount: number;
  conditions: string | null;
  bidDeadline: string | null;
  createdAt: string;
  isHighestBid: boolean;
  /** The acceptance deadline has passed: the bid no longer binds the bidder. */
  isExpired: boolean;
  roundIsClosed: boolean;
  property: { title: string; address: string };
}
