import { z } from 'zod';
import '../zod-locale';

import { MAX_AMOUNT } from '../rules/amounts';

export { MAX_AMOUNT };
export const DEFAULT_STARTING_PRICE = 1_000_000;

const optionalInt = (max: number) => z.number().int().min(0).max(max).nullish();
const isoDate = z.iso.datetime({ offset: true, error: 'Ugyldig dato' });

/** POST /api/bid-round. Used by the create dialog and by the server. */
export const createRoundSchema = z
  .object({
    title: z.string().trim().min(1, 'Tittel er påkrevd').max(200, 'Tittelen kan ha høyst 200 tegn'),
    address: z.string().trim().min(1, 'Adresse er påkrevd').max(300, 'Adressen kan ha høyst 300 tegn'),
    description: z.string().trim().max(5000, 'Beskrivelsen kan ha høyst 5000 tegn').nullish(),
    startingPrice: z
      .number({ error: 'Startpris må være større enn 0' })
      .int('Startpris må være et helt antall kroner')
      .min(1, 'Startpris må være større enn 0')
      .max(MAX_AMOUNT, 'Startpris kan ikke være høyere enn 10 000 000 000 kr'),
    minimumBidDeadline: isoDate.nullish(),
    deadline: isoDate.nullish(),
    imageUrl: z.string().max(500).nullish(),
    size: optionalInt(100_000),
    rooms: optionalInt(1000),
    buildYear: z.number().int().min(1000).max(2100).nullish(),
    floor: z.string().trim().max(50).nullish(),
  })
  .refine(
    (v) => !v.minimumBidDeadline || !v.deadline || Date.parse(v.minimumBidDeadline) <= Date.parse(v.deadline),
    {
      path: ['minimumBidDeadline'],
      message: 'Korteste budfrist kan ikke være etter budfristen for budrunden',
    },
  );

export type CreateRoundInput = z.infer<typeof createRoundSchema>;

/** The property as anyone, also a visitor, may see it. */
export interface PublicProperty {
  title: string;
  address: string;
  /** The starting price (startpris), kroner: public, as the asking price of every Norwegian listing. */
  price: number;
  description: string | null;
  imageUrl: string | null;
  size: number | null;
  rooms: number | null;
  buildYear: number | null;
  floor: string | null;
}

/** A round as a visitor sees it: the starting price, but no price history, no bids, no owner. */
export interface PublicBidRound {
  id: string;
  deadline: string;
  minimumBidDeadline: string | null;
  isActive: boolean;
  isClosed: boolean;
  createdAt: string;
  property: PublicProperty;
}

/** Stored image paths are shown under /objects/ (SPEC §3). */
export function toObjectPath(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  if (imageUrl.startsWith('/objects/')) return imageUrl;
  return `/objects/${imageUrl.replace(/^\/+/, '')}`;
}

/** The seller's contact details, shown to signed-in users. */
export interface RoundOwner {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
}

export interface MemberProperty extends PublicProperty {
  ownerId: string | null;
  owner: RoundOwner | null;
}

/**
 * How a round ended: its deadline passed, the owner or an admin closed it, a winner was chosen, or the
 * seller deleted their account.
 */
export type CloseReason = 'deadline' | 'closed' | 'winner' | 'owner-deleted';

/** A round as a signed-in user sees it (GET /api/bid-rounds/active, /user, /all; POST /api/bid-round). */
export interface BidRoundView {
  id: string;
  deadline: string;
  minimumBidDeadline: string | null;
  isActive: boolean;
  isClosed: boolean;
  closedAt: string | null;
  closeReason: CloseReason | null;
  winningBidId: string | null;
  smsNotificationsEnabled: boolean;
  createdAt: string;
  property: MemberProperty;
  /** The highest live bid: lapsed bids and bids of deleted accounts do not count. Null when none is live. */
  highestBid: number | null;
  /** Every bid ever placed in the round. */
  bidCount: number;
  /** The bids that still count; with bids but none live, every bid has lapsed ('Alle bud er utløpt'). */
  liveBidCount: number;
  /** The viewer owns the property. */
  isOwner: boolean;
  /** The viewer has bid in this round. */
  hasBid: boolean;
}

export const startingBidSchema = z.object({
  newStartingBid: z
    .number({ error: 'Ugyldig beløp' })
    .int('Ugyldig beløp')
    .min(1, 'Ugyldig beløp')
    .max(MAX_AMOUNT, 'Ugyldig beløp'),
});

export const smsSettingSchema = z.object({ enabled: z.boolean({ error: 'Ugyldig verdi' }) });

export interface FollowerView {
  id: string;
  createdAt: string;
  user: { firstName: string; lastName: string; email: string };
}
