import { z } from 'zod';
import { ROUND_EDIT_KINDS } from '../../rules/round-edits';
import { timestamp } from './common';
import { chainLinkFields } from './record';

// The answers of the bid-round routes (see common.ts): ../bid-round.ts re-exports their types.

/** Kroner, or a count: whole numbers. */
export const wholeNumber = z.number().int();

/** The salgsoppgave's facts: 'Last ned salgsoppgave (PDF, 4,2 MB)'. */
export const prospectusSchema = z
  .object({ size: wholeNumber.describe('Byte'), uploadedAt: timestamp })
  .meta({ id: 'Salgsoppgave' });

/** A viewing (visning), in the round's views sorted by start. */
export const viewingSchema = z
  .object({ id: z.guid(), startsAt: timestamp, endsAt: timestamp, note: z.string().nullable() })
  .meta({ id: 'Visning' });

/** Which rule sets the shortest acceptance deadline: the 12:00 rule after the last viewing, or the seller's. */
export const minimumBidDeadlineReasonSchema = z.enum(['viewing', 'seller']);

/** A value a change kept (decision 054): a text, a number (m², rooms, year, kroner), or null for none. */
export const roundChangeValueSchema = z.union([z.string(), z.number()]).nullable();

/**
 * The old and the new value of a change made while a live bid stood (decision 054). Absent on a change made
 * before the first bid, and on one that has no value to name (photos, the salgsoppgave, a viewing).
 */
export const roundChangeValueFields = {
  oldValue: roundChangeValueSchema.optional().describe('Verdien før endringen, når bud sto'),
  newValue: roundChangeValueSchema.optional().describe('Verdien etter endringen, når bud sto'),
};

/**
 * One change to the listing after it was published (decision 046): what and when, and for a change made
 * while a live bid stood, from what to what (decision 054).
 */
export const roundChangeSchema = z
  .object({
    at: timestamp,
    kind: z.enum(ROUND_EDIT_KINDS),
    /** Made by an administrator, not the owner. */
    byAdmin: z.boolean(),
    ...roundChangeValueFields,
  })
  .meta({ id: 'Endring' });

/** The parts of a listing beside the property that every view shows (decisions 045 and 046). */
const listingFields = {
  viewings: z.array(viewingSchema),
  minimumBidDeadlineReason: minimumBidDeadlineReasonSchema
    .nullable()
    .describe('viewing: 12:00 første virkedag etter siste visning; seller: selgerens egen'),
  changes: z.array(roundChangeSchema).describe('Endringer etter publisering, eldste først'),
};

/** The property as anyone, also a visitor, may see it. */
export const publicPropertySchema = z
  .object({
    title: z.string(),
    address: z.string(),
    /** The starting price (startpris), kroner: public, as the asking price of every Norwegian listing. */
    price: wholeNumber.describe('Startpris i kroner'),
    description: z.string().nullable(),
    imageUrl: z.string().nullable().describe('Forsidebildet, under /objects/: det første av imageUrls'),
    imageUrls: z.array(z.string()).describe('Alle bildene i eierens rekkefølge (høyst 30), under /objects/'),
    /** The salgsoppgave, when there is one: signed-in users download it from …/prospectus. */
    prospectus: prospectusSchema.nullable(),
    size: wholeNumber.nullable().describe('Kvadratmeter'),
    rooms: wholeNumber.nullable(),
    buildYear: wholeNumber.nullable(),
    floor: z.string().nullable(),
  })
  .meta({ id: 'OffentligEiendom' });

/** A round as a visitor sees it: the starting price, but no price history, no bids, no owner. */
export const publicBidRoundSchema = z
  .object({
    id: z.guid(),
    deadline: timestamp,
    minimumBidDeadline: timestamp.nullable(),
    isActive: z.boolean(),
    isClosed: z.boolean(),
    createdAt: timestamp,
    property: publicPropertySchema,
    ...listingFields,
  })
  .meta({ id: 'OffentligBudrunde' });

/** The seller's contact details, shown to signed-in users. */
export const roundOwnerSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    email: z.string(),
  })
  .meta({ id: 'Selger' });

export const memberPropertySchema = publicPropertySchema
  .extend({
    ownerId: z.guid().nullable(),
    owner: roundOwnerSchema.nullable(),
  })
  .meta({ id: 'Eiendom' });

/**
 * How a round ended: its deadline passed, the owner or an admin closed it, a winner was chosen, or the
 * seller deleted their account, or a bidder accepted the seller's counter-offer (decision 035).
 */
export const closeReasonSchema = z.enum([
  'deadline',
  'closed',
  'winner',
  'owner-deleted',
  'counter-offer',
  // An administrator deleted the round while it was open (decision 042): only a kept journal ever says so.
  'deleted',
]);

/** A round as a signed-in user sees it (GET /api/bid-rounds/active, /user, /all; POST /api/bid-round). */
export const bidRoundViewSchema = z
  .object({
    id: z.guid(),
    deadline: timestamp,
    minimumBidDeadline: timestamp.nullable(),
    isActive: z.boolean(),
    isClosed: z.boolean(),
    closedAt: timestamp.nullable(),
    closeReason: closeReasonSchema.nullable(),
    winningBidId: z.guid().nullable(),
    smsNotificationsEnabled: z.boolean(),
    createdAt: timestamp,
    property: memberPropertySchema,
    ...listingFields,
    /** The highest live bid: lapsed bids and bids of deleted accounts do not count. Null when none is live. */
    highestBid: wholeNumber.nullable().describe('Høyeste gjeldende bud, null når ingen bud gjelder'),
    /** Every bid ever placed in the round. */
    bidCount: wholeNumber,
    /** The bids that still count; with bids but none live, every bid has lapsed ('Alle bud er utløpt'). */
    liveBidCount: wholeNumber,
    /** The viewer owns the property. */
    isOwner: z.boolean(),
    /** The viewer has bid in this round. */
    hasBid: z.boolean(),
  })
  .meta({ id: 'Budrunde' });

/**
 * GET /api/bid-rounds/active: a visitor gets the public rounds, a signed-in user the full views. The list
 * is sent as JSON the service has already written; this only documents it.
 */
export const activeRoundsSchema = z.union([z.array(publicBidRoundSchema), z.array(bidRoundViewSchema)]);

export const followerViewSchema = z
  .object({
    id: z.guid(),
    createdAt: timestamp,
    user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  })
  .meta({ id: 'Interessent' });

/** PUT /api/bid-rounds/{id}/starting-bid */
export const startingBidResultSchema = z.object({ newStartingBid: wholeNumber, ...chainLinkFields });

/** PUT /api/bid-rounds/{id}/sms-notifications */
export const smsSettingResultSchema = z.object({ enabled: z.boolean() });

/** GET, POST and DELETE /api/bid-rounds/{id}/follow(/status) */
export const followStatusSchema = z.object({ isFollowing: z.boolean() });

export type PublicProperty = z.input<typeof publicPropertySchema>;
export type PublicBidRound = z.input<typeof publicBidRoundSchema>;
export type RoundOwner = z.input<typeof roundOwnerSchema>;
export type MemberProperty = z.input<typeof memberPropertySchema>;
export type CloseReason = z.input<typeof closeReasonSchema>;
export type BidRoundView = z.input<typeof bidRoundViewSchema>;
export type FollowerView = z.input<typeof followerViewSchema>;
export type ViewingView = z.input<typeof viewingSchema>;
export type RoundChangeView = z.input<typeof roundChangeSchema>;
export type ProspectusView = z.input<typeof prospectusSchema>;
