import { z } from 'zod';
import '../zod-locale';
import { MAX_CONDITIONS_LENGTH } from '../rules/bids';
import { MAX_AMOUNT } from './bid-round';
import { signatureProofSchema } from './passkey';

/**
 * POST /api/bid-rounds/{id}/counter-offers. Strict, like a rejection: a misspelt field is refused rather
 * than sending a binding offer without it. Whether the amount beats the bid and the deadline fits the round
 * is judged by the service, under the round's lock (shared/rules/counter-offers).
 */
export const counterOfferActSchema = z.strictObject({
  bidId: z.uuid('Ugyldig bud'),
  amount: z
    .number({ error: 'Beløpet må være et helt antall kroner' })
    .int('Beløpet må være et helt antall kroner')
    .min(1, 'Beløp må være større enn 0')
    .max(MAX_AMOUNT, 'Beløpet kan ikke være høyere enn 10 000 000 000 kr'),
  // An ISO time with its offset: a bare '2031-01-01 12:00' would be read in the server's zone.
  deadline: z.iso
    .datetime({ offset: true, error: 'Fristen for motbudet må velges' })
    .transform((v) => new Date(v)),
  conditions: z
    .string({ error: 'Forbehold må være tekst' })
    .trim()
    .max(MAX_CONDITIONS_LENGTH, `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`)
    .nullish()
    .transform((v) => v || null),
});
/** The call's body: the offer, and the owner's signature of it when signed (decision 041). */
export const createCounterOfferSchema = counterOfferActSchema.extend({
  signature: signatureProofSchema.optional(),
});
export type CreateCounterOfferInput = z.input<typeof createCounterOfferSchema>;

export type {
  AcceptedCounterOffer,
  CounterOfferView,
  CreatedCounterOffer,
} from './responses/counter-offer';
