import { z } from 'zod';
import '../zod-locale';

import { MAX_AMOUNT } from '../rules/amounts';
import { MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE } from '../rules/round-edits';

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
    // Every photo, the cover first when imageUrl is left out (decision 043); imageUrl, when given, is the
    // cover.
    imageUrls: z.array(z.string().max(500)).max(MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE).nullish(),
    size: optionalInt(100_000),
    rooms: optionalInt(1000),
    buildYear: z.number().int().min(1000).max(2100).nullish(),
    floor: z.string().trim().max(50).nullish(),
  })
  .refine(
    (v) => !v.minimumBidDeadline || !v.deadline || Date.parse(v.minimumBidDeadline) <= Date.parse(v.deadline),
    {
      path: ['minimumBidDeadline'],
      message: 'Korteste akseptfrist kan ikke være etter budfristen for budrunden',
    },
  );

export type CreateRoundInput = z.infer<typeof createRoundSchema>;

export const NOTHING_TO_EDIT = 'Oppgi minst én av tittel, adresse og beskrivelse';

/**
 * PATCH /api/bid-rounds/{id} (decision 046): the listing's text and its facts (size, rooms, build year,
 * floor; decision 054), under the create form's limits and messages. Any of them; a description or a fact of
 * null (or '' for the texts) removes it. Fields it does not know are refused, not ignored: a price or a
 * deadline sent here would otherwise seem saved and be lost (decision 046).
 */
export const editRoundSchema = z
  .strictObject({
    title: createRoundSchema.shape.title.optional(),
    address: createRoundSchema.shape.address.optional(),
    description: createRoundSchema.shape.description,
    size: createRoundSchema.shape.size,
    rooms: createRoundSchema.shape.rooms,
    buildYear: createRoundSchema.shape.buildYear,
    floor: createRoundSchema.shape.floor,
  })
  // The message names the three fields the form has always had: a client that sends none of them and no
  // fact is told the same as before (decision 054).
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: NOTHING_TO_EDIT });

export type EditRoundInput = z.infer<typeof editRoundSchema>;

// The answers' shapes are defined once, as the zod schemas the routes declare; only their types come here,
// so the client's bundle does not carry them.
export type {
  BidRoundView,
  CloseReason,
  FollowerView,
  MemberProperty,
  ProspectusView,
  PublicBidRound,
  PublicProperty,
  RoundChangeView,
  RoundOwner,
  ViewingView,
} from './responses/bid-round';

/** Stored image paths are shown under /objects/ (SPEC §3). */
export function toObjectPath(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  if (imageUrl.startsWith('/objects/')) return imageUrl;
  return `/objects/${imageUrl.replace(/^\/+/, '')}`;
}

export const startingBidSchema = z.object({
  newStartingBid: z
    .number({ error: 'Ugyldig beløp' })
    .int('Ugyldig beløp')
    .min(1, 'Ugyldig beløp')
    .max(MAX_AMOUNT, 'Ugyldig beløp'),
});

export const smsSettingSchema = z.object({ enabled: z.boolean({ error: 'Ugyldig verdi' }) });
