import { z } from 'zod';
import '../zod-locale';
import { bidActSchema, rejectionActSchema } from './bid';
import { counterOfferActSchema } from './counter-offer';
import { signatureProofSchema } from './passkey';

const roundId = z.uuid('Ugyldig budrunde');
const bidId = z.uuid('Ugyldig bud');

/**
 * POST /api/signatures/options: the act to be signed (decisions 039 and 041), named by `act`. Each member
 * carries the ids of its call's path, flat, and its call's body (without the signature) under the act's
 * noun: a bid is the body of POST /api/bids, a rejection the body of PUT …/bids/{bidId}/reject, a
 * counter-offer the body of POST /api/bid-rounds/{id}/counter-offers. 'Velg som vinner' and accepting a
 * counter-offer have no body of their own.
 */
export const signatureOptionsSchema = z.discriminatedUnion(
  'act',
  [
    z.strictObject({ act: z.literal('bid'), bid: bidActSchema }),
    z.strictObject({ act: z.literal('winner'), bidRoundId: roundId, bidId }),
    z.strictObject({ act: z.literal('reject'), bidRoundId: roundId, bidId, rejection: rejectionActSchema }),
    z.strictObject({
      act: z.literal('counter-offer'),
      bidRoundId: roundId,
      counterOffer: counterOfferActSchema,
    }),
    z.strictObject({ act: z.literal('accept-counter-offer'), counterOfferId: z.uuid('Ugyldig motbud') }),
    // A bidder group's power of attorney (decision 065): given by accepting an invitation, or withdrawn.
    z.strictObject({ act: z.literal('co-bidder-accept'), invitationId: z.uuid('Ugyldig invitasjon') }),
    z.strictObject({ act: z.literal('co-bidder-leave'), bidRoundId: roundId }),
    // Waiving one of a bid's conditions (decision 066): the bid, and the condition's place in its list.
    z.strictObject({
      act: z.literal('condition-waive'),
      bidId,
      index: z.number({ error: 'Ugyldig forbehold' }).int('Ugyldig forbehold').min(0, 'Ugyldig forbehold'),
    }),
  ],
  { error: 'Ukjent handling å signere' },
);
export type SignatureOptionsInput = z.input<typeof signatureOptionsSchema>;
/** An act to be signed, as the server reads it. */
export type SignableAct = z.output<typeof signatureOptionsSchema>;
export type ActKind = SignableAct['act'];

/**
 * The body of 'Velg som vinner' and of accepting a counter-offer: only the signature, when there is one. The
 * body may be left out, as before signing (Fastify hands a missing body over as null).
 */
export const signedActBodySchema = z
  .strictObject({ signature: signatureProofSchema.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type SignedActBody = z.output<typeof signedActBodySchema>;

export type { SignatureOptions } from './responses/signature';

/**
 * 'Velg som vinner': the signature, when signed, and `overrideFairNotice` when the owner confirmed 'Jeg vil
 * likevel velge vinner nå' past the guard of bidders who have not seen the latest bid (decision 066).
 */
export const winnerBodySchema = z
  .strictObject({
    signature: signatureProofSchema.optional(),
    overrideFairNotice: z.boolean({ error: 'overrideFairNotice må være true eller false' }).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type WinnerBody = z.output<typeof winnerBodySchema>;
